/**
 * Hosted or embedded Stripe Checkout (STRIPE_CHECKOUT_UI, docs/product.md#embedded-checkout,
 * ADR 0017). Hosted sends the buyer to Stripe's page, which returns to the success or cancel
 * page. Embedded is mounted by Stripe.js on the shop's own pay page and returns to the success
 * page only: leaving it is the buyer's own navigation, so there is no cancel address.
 */
import type Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** The storefront's page that mounts embedded Checkout (storefront/app/checkout/pay). */
export const EMBEDDED_CHECKOUT_PATH = '/checkout/pay';

/**
 * Stripe's name for embedded Checkout in the API version the installed SDK pins
 * (`embedded_page`; older API versions called it `embedded`).
 */
export const EMBEDDED_UI_MODE =
  'embedded_page' satisfies Stripe.Checkout.SessionCreateParams.UiMode;

/** The return addresses a new Checkout Session is created with, by the shop's setting. */
export function uiModeFields(
  checkout: { successUrl: string; cancelUrl: string },
  config: Pick<Config, 'STRIPE_CHECKOUT_UI'>,
) {
  return config.STRIPE_CHECKOUT_UI === 'embedded'
    ? { ui_mode: EMBEDDED_UI_MODE, return_url: checkout.successUrl }
    : { success_url: checkout.successUrl, cancel_url: checkout.cancelUrl };
}

/**
 * Where the buyer goes to pay: Stripe's page for a hosted session, the shop's pay page for an
 * embedded one (which has no URL of its own). The cart and Buy Now open either the same way.
 */
export function paymentPageUrl(
  session: Pick<Stripe.Checkout.Session, 'id' | 'url' | 'ui_mode'>,
  config: Pick<Config, 'STOREFRONT_URL'>,
): string {
  if (session.ui_mode === EMBEDDED_UI_MODE) {
    const page = new URL(EMBEDDED_CHECKOUT_PATH, config.STOREFRONT_URL);
    page.searchParams.set('sessionId', session.id);
    return page.toString();
  }
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  return session.url;
}
