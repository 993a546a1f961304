/**
 * Starting a payment from the browser (docs/product.md#api, #error-catalogue): the cart's
 * Checkout and the shop's Buy Now, and what each shows when the commerce service refuses,
 * fails or cannot be reached.
 */
import type { CartItem } from '@/lib/cart/cart-item';
import { isEbookKind } from '@/lib/catalogue/catalogue';
import { createCheckoutSession, fetchProducts } from '@/lib/commerce/api/checkout';
import { CommerceError } from '@/lib/commerce/client';

export const CART_EMPTY_MESSAGE = 'Your cart is empty!';
export const CART_CHECKOUT_FAILED = 'Failed to proceed to checkout. Please try again.';
export const CART_CHECKOUT_ERROR =
  'An error occurred while processing your request. Please try again.';
export const SHOP_CHECKOUT_FAILED = 'Failed to create checkout session';
export const SHOP_CHECKOUT_ERROR = 'An error occurred while processing your request';

const unanswered = (error: unknown) =>
  !(error instanceof CommerceError) || error.kind === 'no-answer';

/**
 * The hosted payment link of one of the three eBooks, or null when the product is none of them,
 * has no link, or the catalogue cannot be read.
 */
async function findPaymentLink(productId: string): Promise<string | null> {
  try {
    const product = (await fetchProducts()).find(({ id }) => id === productId);
    return product && isEbookKind(product.kind) ? product.paymentLinkUrl : null;
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
export async function cartCheckoutOutcome(lines: CartItem[]): Promise<CartCheckoutOutcome> {
  if (lines.length === 0) return { kind: 'alert', message: CART_EMPTY_MESSAGE };
  const [only] = lines;
  if (lines.length === 1 && only && only.quantity === 1) {
    const link = await findPaymentLink(only.id);
    if (link) return { kind: 'open', url: link };
  }
  try {
    const url = await createCheckoutSession(
      lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
    );
    return { kind: 'open', url };
  } catch (error) {
    return {
      kind: 'alert',
      message: unanswered(error) ? CART_CHECKOUT_ERROR : CART_CHECKOUT_FAILED,
    };
  }
}

/** The checkout error page, which shows `message` (agreed with the checkout pages). */
export function checkoutErrorPath(message: string): string {
  return `/checkout/error?${new URLSearchParams({ message }).toString()}`;
}

/** Where Buy Now (one copy) goes: the hosted payment link, the checkout, or the error page. */
export async function buyNowDestination(product: {
  id: string;
  paymentLinkUrl: string | null;
}): Promise<string> {
  if (product.paymentLinkUrl) return product.paymentLinkUrl;
  try {
    return await createCheckoutSession([{ productId: product.id, quantity: 1 }]);
  } catch (error) {
    if (unanswered(error)) return checkoutErrorPath(SHOP_CHECKOUT_ERROR);
    return checkoutErrorPath((error as CommerceError).serverMessage ?? SHOP_CHECKOUT_FAILED);
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
