/**
 * Checkout starts payments: it prices what the browser asked for from the catalogue and
 * opens a session with the payment provider. What happens once it is paid is the orders
 * module's (docs/adr/0014-commerce-module-shape.md); the consent the buyer gives on the way is
 * docs/adr/0018-checkout-consent-charges-and-membership-life.md.
 */
import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import { findProducts, type CatalogueDependencies } from '../catalogue/service.ts';
import { priceCheckoutLines } from './lines.ts';
import { SESSION_ID_PLACEHOLDER, type PaymentProvider } from './providers.ts';
import { recordCheckoutStarted } from '../funnel/service.ts';
import {
  findCheckoutSession,
  insertCheckoutSession,
  type StoredCheckoutSession,
} from './repository.ts';
import type { CheckoutMode, CreateCheckoutSessionBody, EmbeddedCheckout } from '@aba-shop/contract';

// What other modules use of checkout besides the functions below: the stored session (found,
// marked paid by fulfilment, cancelled by the test checkout), the consent text and the provider.
export {
  cancelOpenCheckoutSession,
  findCheckoutSession,
  markCheckoutSessionPaid,
  type StoredCheckoutSession,
} from './repository.ts';
export { CONSENT_REQUIRED_MESSAGE, consentBasketOf, consentHtml, consentText } from './consent.ts';
export type { CheckoutLine } from './lines.ts';
export { stripeIdOf, type PaymentProvider } from './providers.ts';

export interface CheckoutDependencies extends CatalogueDependencies {
  provider: PaymentProvider;
}

/** Whether buyers are charged; a production shop that charges nothing says so on every page. */
export function checkoutMode({ config, provider }: CheckoutDependencies): CheckoutMode {
  if (config.NODE_ENV !== 'production') return 'development';
  const stripeTestKey = /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? '');
  return provider.name === 'local' || stripeTestKey ? 'test' : 'live';
}

/** `https://shop/checkout/success?sessionId=<id>`; the path was checked to be on this site. */
export function returnUrl(config: Config, sitePath: string, sessionId: string): string {
  const url = new URL(sitePath, config.STOREFRONT_URL);
  return `${url.origin}${url.pathname}?sessionId=${sessionId}`;
}

export async function createCheckoutSession(
  deps: CheckoutDependencies,
  body: CreateCheckoutSessionBody,
  idempotencyKey: string = randomUUID(),
): Promise<{ checkoutUrl: string }> {
  const { db, config, provider } = deps;
  const catalogue = await findProducts(
    deps,
    body.products.map((line) => line.productId),
  );
  const priced = priceCheckoutLines(body.products, catalogue);
  const { id, url } = await provider.createSession({
    ...priced,
    successUrl: returnUrl(config, body.successRouter, SESSION_ID_PLACEHOLDER),
    cancelUrl: new URL(body.cancelRouter, config.STOREFRONT_URL).toString(),
    idempotencyKey: `checkout:${idempotencyKey}`,
  });
  // A retried request with the same idempotency key gets the same Stripe session back.
  if (!(await findCheckoutSession(db, id))) {
    await insertCheckoutSession(db, {
      id,
      provider: provider.name,
      status: 'open',
      mode: priced.mode,
      currency: priced.currency,
      amount_total: priced.amountTotal,
      lines: priced.lines,
      success_path: body.successRouter,
      cancel_path: body.cancelRouter,
      url,
      customer_email: null,
      customer_id: null,
      payment_intent_id: null,
      created_at: new Date().toISOString(),
      paid_at: null,
    });
    await recordCheckoutStarted(deps);
  }
  return { checkoutUrl: url };
}

/**
 * A fresh session of a basket left unpaid, for its reminder (docs/product.md#keeping-in-touch):
 * the same lines and pages, priced as the stored session was. Not counted as a checkout
 * started: the buyer has not opened it.
 */
export async function reopenCheckoutSession(
  { db, provider }: Pick<CheckoutDependencies, 'db' | 'provider'>,
  config: Config,
  left: StoredCheckoutSession,
): Promise<string> {
  const { id, url } = await provider.createSession({
    mode: left.mode,
    currency: left.currency,
    lines: left.lines,
    successUrl: returnUrl(config, left.success_path, SESSION_ID_PLACEHOLDER),
    cancelUrl: new URL(left.cancel_path, config.STOREFRONT_URL).toString(),
    idempotencyKey: `checkout-reminder:${left.id}`,
  });
  if (!(await findCheckoutSession(db, id)))
    await insertCheckoutSession(db, {
      ...left,
      id,
      url,
      status: 'open',
      customer_email: null,
      customer_id: null,
      payment_intent_id: null,
      created_at: new Date().toISOString(),
      paid_at: null,
    });
  return url;
}

const NO_EMBEDDED_CHECKOUT = 'No embedded checkout was found for this session';
const ALREADY_PAID = 'This checkout is already paid';
const EXPIRED = 'This checkout has expired: start again from your cart';

/**
 * What the pay page mounts embedded Checkout with (docs/product.md#embedded-checkout): only for
 * a session this shop created, and only while Stripe says it can still be paid.
 */
export async function embeddedCheckout(
  { db, config, provider }: CheckoutDependencies,
  sessionId: string,
): Promise<EmbeddedCheckout> {
  const stored = await findCheckoutSession(db, sessionId);
  if (!stored || !provider.embeddedSession || !config.STRIPE_PUBLISHABLE_KEY)
    throw new NotFoundError(NO_EMBEDDED_CHECKOUT);
  // Fulfilled already (the webhook or the success page came first): no need to ask Stripe.
  if (stored.status === 'paid') throw new ConflictError(ALREADY_PAID);
  const remote = await provider.embeddedSession(sessionId);
  if (!remote?.clientSecret) throw new NotFoundError(NO_EMBEDDED_CHECKOUT);
  if (remote.status === 'complete') throw new ConflictError(ALREADY_PAID);
  if (remote.status === 'expired') throw new ConflictError(EXPIRED);
  return { clientSecret: remote.clientSecret, publishableKey: config.STRIPE_PUBLISHABLE_KEY };
}

// What a buyer's erasure and the retention sweep ask of this module (docs/product.md#your-data).
export { anonymiseCheckoutSessionsOf, deleteCheckoutSessions } from './repository.ts';
