/**
 * What the pay page says when embedded Checkout cannot be shown
 * (docs/product.md#embedded-checkout, #error-catalogue): the commerce service's reason when it
 * refused (the checkout is paid, expired or unknown), or what went wrong on the way.
 */
import { CommerceError } from '@/lib/commerce/client';

export const PAY_PAGE_UNREACHABLE =
  'The shop could not be reached to open your checkout. Please try again in a moment.';
export const PAY_PAGE_NOT_FOUND = 'This checkout was not found. Please start again from your cart.';
export const PAYMENT_FORM_UNAVAILABLE =
  'The secure payment form could not be loaded. Check your connection (a content blocker may stop js.stripe.com) and try again.';

export function embeddedCheckoutFailure(error: unknown): string {
  if (!(error instanceof CommerceError)) return PAYMENT_FORM_UNAVAILABLE;
  if (error.kind === 'refused') return error.serverMessage ?? PAY_PAGE_NOT_FOUND;
  return PAY_PAGE_UNREACHABLE;
}
