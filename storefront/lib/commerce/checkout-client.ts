/**
 * Starting a payment from the browser (spec §7, §8): the cart's Checkout and the shop's Buy Now.
 * The browser sends only product ids and quantities; the commerce service prices the order.
 * Both calls go to the storefront's own origin, which forwards /api/* to the commerce service.
 * Answers are checked by hand rather than with the contract's zod schemas: this module is in
 * the shop's and the cart's browser code, where zod would add 32 KB gzip for two fields.
 */
import type { CreateCheckoutSessionBody } from 'commerce-service/contract';
import type { CartItem } from '@/lib/cart/cart-item';
import { isKnownEbook } from '@/lib/cart/known-ebooks';
import { field, httpUrl } from './answer-checks';

export const CHECKOUT_RETURN_ROUTES = {
  successRouter: '/checkout/success',
  cancelRouter: '/checkout/cancel',
} as const;

export const CART_EMPTY_MESSAGE = 'Your cart is empty!';
export const CART_CHECKOUT_FAILED = 'Failed to proceed to checkout. Please try again.';
export const CART_CHECKOUT_ERROR =
  'An error occurred while processing your request. Please try again.';
export const SHOP_CHECKOUT_FAILED = 'Failed to create checkout session';
export const SHOP_CHECKOUT_ERROR = 'An error occurred while processing your request';

export type CheckoutSessionResult =
  { ok: true; checkoutUrl: string } | { ok: false; message: string | null };

/** POST /api/create-checkout-session. Rejects only when the request itself fails (network). */
export async function createCheckoutSession(
  products: CreateCheckoutSessionBody['products'],
  fetchImpl: typeof fetch = fetch,
): Promise<CheckoutSessionResult> {
  const body: CreateCheckoutSessionBody = { products, ...CHECKOUT_RETURN_ROUTES };
  const response = await fetchImpl('/api/create-checkout-session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const checkoutUrl = httpUrl(field(json, 'checkoutUrl'));
    return checkoutUrl ? { ok: true, checkoutUrl } : { ok: false, message: null };
  }
  const message =
    json && typeof json === 'object' && 'message' in json && typeof json.message === 'string'
      ? json.message
      : null;
  return { ok: false, message: message?.trim() || null };
}

/** The product's hosted payment link, or null when it has none or the list cannot be read. */
async function findPaymentLink(productId: string, fetchImpl: typeof fetch) {
  try {
    const response = await fetchImpl('/api/products', { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const products: unknown = await response.json();
    if (!Array.isArray(products)) return null;
    const product: unknown = products.find((entry) => field(entry, 'id') === productId);
    return httpUrl(field(product, 'paymentLinkUrl'));
  } catch {
    // The checkout session below still works without the link.
    return null;
  }
}

export type CartCheckoutOutcome =
  { kind: 'open'; url: string } | { kind: 'alert'; message: string };

/**
 * What the cart's Checkout leads to. One copy of one of the three eBooks goes to that eBook's
 * hosted payment link when the shop has one; anything else gets a checkout session.
 */
export async function cartCheckoutOutcome(
  lines: CartItem[],
  fetchImpl: typeof fetch = fetch,
): Promise<CartCheckoutOutcome> {
  if (lines.length === 0) return { kind: 'alert', message: CART_EMPTY_MESSAGE };
  try {
    const [only] = lines;
    if (lines.length === 1 && only && only.quantity === 1 && isKnownEbook(only.name)) {
      const link = await findPaymentLink(only.id, fetchImpl);
      if (link) return { kind: 'open', url: link };
    }
    const result = await createCheckoutSession(
      lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      fetchImpl,
    );
    return result.ok
      ? { kind: 'open', url: result.checkoutUrl }
      : { kind: 'alert', message: CART_CHECKOUT_FAILED };
  } catch {
    return { kind: 'alert', message: CART_CHECKOUT_ERROR };
  }
}

/** The checkout error page, which shows `message` (agreed with the checkout pages). */
export function checkoutErrorPath(message: string): string {
  return `/checkout/error?${new URLSearchParams({ message }).toString()}`;
}

/** Where Buy Now (one copy) goes: the hosted payment link, the checkout, or the error page. */
export async function buyNowDestination(
  product: { id: string; paymentLinkUrl: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  if (product.paymentLinkUrl) return product.paymentLinkUrl;
  try {
    const result = await createCheckoutSession([{ productId: product.id, quantity: 1 }], fetchImpl);
    return result.ok
      ? result.checkoutUrl
      : checkoutErrorPath(result.message ?? SHOP_CHECKOUT_FAILED);
  } catch {
    return checkoutErrorPath(SHOP_CHECKOUT_ERROR);
  }
}

/**
 * Opens the payment page in a new tab, as the spec asks of the cart. When a popup blocker
 * refuses the tab, the current tab goes there instead, so the buyer is never left waiting.
 */
export function openCheckoutInNewTab(url: string, target: Window = window): void {
  const tab = target.open(url, '_blank');
  if (tab) tab.opener = null;
  else target.location.assign(url);
}
