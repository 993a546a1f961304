/**
 * What the success and thank-you pages say when a purchase's detail cannot be had
 * (docs/product.md#checkout-success, #error-catalogue).
 */
import { CommerceError } from '@/lib/commerce/client';

export const NETWORK_ERROR_MESSAGE = 'Network error, please try again later';

/**
 * The service knows no purchase by this id (404), or the id cannot be one (400): the page says
 * "not found" rather than "failed", since retrying cannot help.
 */
export function isUnknownPurchase(error: unknown): boolean {
  return error instanceof CommerceError && (error.status === 404 || error.status === 400);
}

/**
 * The order's page is past its time (410, docs/product.md#order-reference): the reference no
 * longer opens the order, and the page says where the links are instead.
 */
export function isExpiredPurchase(error: unknown): boolean {
  return error instanceof CommerceError && error.status === 410;
}

/** 'Failed to get purchase information: …' with the server's reason, or the network message. */
export function purchaseFailureMessage(error: unknown): string {
  if (!(error instanceof CommerceError) || error.status === null) return NETWORK_ERROR_MESSAGE;
  const reason =
    error.serverMessage ??
    (error.status < 300 ? 'the answer could not be read' : `the server answered ${error.status}`);
  return `Failed to get purchase information: ${reason}`;
}
