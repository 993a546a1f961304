/**
 * Checkout starts payments: it prices what the browser asked for from the catalogue and
 * opens a session with the payment provider. What happens once it is paid is the orders
 * module's.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../plugins/config.ts';
import { findProducts, type CatalogueDependencies } from '../catalogue/service.ts';
import { priceCheckoutLines } from './lines.ts';
import { SESSION_ID_PLACEHOLDER, type PaymentProvider } from './providers.ts';
import { findCheckoutSession, insertCheckoutSession } from './repository.ts';
import type { CheckoutMode, CreateCheckoutSessionBody } from './schemas.ts';

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
  }
  return { checkoutUrl: url };
}
