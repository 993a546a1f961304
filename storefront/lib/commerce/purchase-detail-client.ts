/**
 * The browser's call for a paid checkout's detail (spec §7 GET /api/products/purchase-detail),
 * same-origin through the storefront and checked with the commerce service's own schema.
 * Failures carry the text the success page shows (spec §8).
 */
import { purchaseDetailSchema, type PurchaseDetail } from 'commerce-service/contract';

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

export const NETWORK_ERROR_MESSAGE = 'Network error, please try again later';

const failed = (reason: string) => `Failed to get purchase information: ${reason}`;

async function readMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message
    ? body.message
    : `the server answered ${response.status}`;
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
  const parsed = purchaseDetailSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new PurchaseDetailError(failed('the answer could not be read'), response.status);
  return parsed.data;
}
