/**
 * The browser's call for a paid checkout's detail (spec §7 GET /api/products/purchase-detail),
 * same-origin through the storefront and checked against the commerce service's contract by
 * hand (zod would add 30 KB to the thank-you pages). Failures carry the text the success page
 * shows (spec §8).
 */
import type { PurchaseDetail } from 'commerce-service/contract';
import { field, httpUrl, isInteger, isString } from './answer-checks';

export class PurchaseDetailError extends Error {
  override name = 'PurchaseDetailError';
  constructor(
    message: string,
    /** The HTTP status, or null for a network failure. */
    readonly status: number | null,
  ) {
    super(message);
  }
}

/**
 * The service knows no purchase by this id (404), or the id cannot be one (400): the page says
 * "not found" rather than "failed", since retrying cannot help.
 */
export function isUnknownPurchase(error: PurchaseDetailError): boolean {
  return error.status === 404 || error.status === 400;
}

export const NETWORK_ERROR_MESSAGE = 'Network error, please try again later';

const failed = (reason: string) => `Failed to get purchase information: ${reason}`;

async function readMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message
    ? body.message
    : `the server answered ${response.status}`;
}

function isPurchasedFile(value: unknown): boolean {
  const kind = field(value, 'kind');
  return (
    (kind === 'pdf' || kind === 'mp3') &&
    isString(field(value, 'label')) &&
    httpUrl(field(value, 'url')) !== null
  );
}

function isPurchasedProduct(value: unknown): boolean {
  const type = field(value, 'type');
  const downloadUrl = field(value, 'downloadUrl');
  const files = field(value, 'files');
  return (
    isString(field(value, 'productId')) &&
    isString(field(value, 'productName')) &&
    isInteger(field(value, 'price')) &&
    isInteger(field(value, 'quantity')) &&
    (type === 'digital' || type === 'subscription') &&
    (downloadUrl === null || httpUrl(downloadUrl) !== null) &&
    Array.isArray(files) &&
    files.every(isPurchasedFile)
  );
}

/** The answer's shape as the contract's purchaseDetailSchema describes it; links must be http(s). */
export function isPurchaseDetail(value: unknown): value is PurchaseDetail {
  const products = field(value, 'products');
  return (
    Array.isArray(products) &&
    products.every(isPurchasedProduct) &&
    isString(field(value, 'customerEmail')) &&
    isString(field(value, 'checkoutSessionId')) &&
    isString(field(value, 'orderId'))
  );
}

export function purchaseDetailKey(sessionId: string) {
  return ['purchase-detail', sessionId] as const;
}

export async function fetchPurchaseDetail(sessionId: string): Promise<PurchaseDetail> {
  let response: Response;
  try {
    response = await fetch(
      `/api/products/purchase-detail?sessionId=${encodeURIComponent(sessionId)}`,
      { credentials: 'same-origin', cache: 'no-store' },
    );
  } catch {
    throw new PurchaseDetailError(NETWORK_ERROR_MESSAGE, null);
  }
  if (!response.ok)
    throw new PurchaseDetailError(failed(await readMessage(response)), response.status);
  const answer: unknown = await response.json().catch(() => null);
  if (!isPurchaseDetail(answer))
    throw new PurchaseDetailError(failed('the answer could not be read'), response.status);
  return answer;
}
