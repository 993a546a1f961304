import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../plugins/config.ts';
import { findProducts } from '../catalogue/service.ts';
import type { Books } from '../downloads/assets.ts';
import { fulfilCheckoutSession } from '../fulfilment/service.ts';
import { CheckoutInputError, priceCheckoutLines, type CheckoutLine } from './lines.ts';
import { SESSION_ID_PLACEHOLDER, type PaymentProvider } from './providers.ts';
import {
  cancelOpenCheckoutSession,
  findCheckoutSession,
  insertCheckoutSession,
  type StoredCheckoutSession,
} from './repository.ts';
import type { CheckoutMode, CreateCheckoutSessionBody } from './schemas.ts';

export interface CommerceContext {
  db: Kysely<Database>;
  config: Config;
  books: Books;
  provider: PaymentProvider;
}

/** Whether buyers are charged; a production shop that charges nothing says so on every page. */
export function checkoutMode({ config, provider }: CommerceContext): CheckoutMode {
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
  ctx: CommerceContext,
  body: CreateCheckoutSessionBody,
  idempotencyKey: string = randomUUID(),
): Promise<{ checkoutUrl: string }> {
  const catalogue = await findProducts(
    ctx.db,
    body.products.map((line) => line.productId),
    { paymentLinks: ctx.config.PRODUCT_PAYMENT_LINKS },
  );
  const priced = priceCheckoutLines(body.products, catalogue);
  const { id, url } = await ctx.provider.createSession({
    ...priced,
    successUrl: returnUrl(ctx.config, body.successRouter, SESSION_ID_PLACEHOLDER),
    cancelUrl: new URL(body.cancelRouter, ctx.config.STOREFRONT_URL).toString(),
    idempotencyKey: `checkout:${idempotencyKey}`,
  });
  // A retried request with the same idempotency key gets the same Stripe session back.
  if (!(await findCheckoutSession(ctx.db, id))) {
    await insertCheckoutSession(ctx.db, {
      id,
      provider: ctx.provider.name,
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

/** A session that does not exist (404) or is not paid (409); answered with this message. */
export class CheckoutStateError extends Error {
  override name = 'CheckoutStateError';
  constructor(
    message: string,
    readonly statusCode: 404 | 409,
  ) {
    super(message);
  }
}

async function fulfil(ctx: CommerceContext, paid: Parameters<typeof fulfilCheckoutSession>[1]) {
  const products = await findProducts(
    ctx.db,
    paid.lines.map((line) => line.productId),
    { paymentLinks: ctx.config.PRODUCT_PAYMENT_LINKS },
  );
  return fulfilCheckoutSession(
    { db: ctx.db, config: ctx.config, books: ctx.books, products },
    paid,
  );
}

/** A session of the local test checkout; 404 for any other id. */
async function findLocalSession(ctx: CommerceContext, sessionId: string) {
  const session = await findCheckoutSession(ctx.db, sessionId);
  if (!session || session.provider !== 'local') {
    throw new CheckoutStateError('No such checkout session', 404);
  }
  return session;
}

/** The local test checkout's Pay button: the payment is confirmed, then fulfilled. */
export async function payLocalCheckout(
  ctx: CommerceContext,
  sessionId: string,
  email: string,
): Promise<string> {
  const session = await findLocalSession(ctx, sessionId);
  if (session.status === 'cancelled')
    throw new CheckoutStateError('This checkout was cancelled', 409);
  await fulfil(ctx, {
    sessionId,
    email,
    customerId: null,
    paymentIntentId: null,
    currency: session.currency,
    amountTotal: session.amount_total,
    lines: session.lines,
  });
  return returnUrl(ctx.config, session.success_path, sessionId);
}

export async function cancelLocalCheckout(
  ctx: CommerceContext,
  sessionId: string,
): Promise<string> {
  const session = await findLocalSession(ctx, sessionId);
  await cancelOpenCheckoutSession(ctx.db, sessionId);
  return new URL(session.cancel_path, ctx.config.STOREFRONT_URL).toString();
}

/** Lines of a Stripe session the shop did not create (a hosted payment link), by price id. */
async function linesFromProvider(ctx: CommerceContext, sessionId: string): Promise<CheckoutLine[]> {
  const productByPrice = new Map(
    Object.entries(ctx.config.PRODUCT_STRIPE_PRICES).map(([productId, priceId]) => [
      priceId,
      productId,
    ]),
  );
  const items = await ctx.provider.listLineItems(sessionId);
  const catalogue = await findProducts(ctx.db, [...productByPrice.values()], {
    paymentLinks: ctx.config.PRODUCT_PAYMENT_LINKS,
  });
  return items.map((item) => {
    const product = catalogue.get(productByPrice.get(item.priceId ?? '') ?? '');
    if (!product) {
      throw new Error(
        `Stripe price ${item.priceId} is not mapped to a product (PRODUCT_STRIPE_PRICES)`,
      );
    }
    return {
      productId: product.id,
      name: product.name,
      type: product.type,
      quantity: item.quantity,
      unitAmount: Math.round(item.amount / item.quantity),
    };
  });
}

/**
 * Makes sure a paid session is fulfilled, asking the provider when no webhook has arrived yet
 * (Stripe recommends this on the success page). Throws CheckoutStateError otherwise.
 */
export async function ensureFulfilled(
  ctx: CommerceContext,
  sessionId: string,
): Promise<StoredCheckoutSession | null> {
  const stored = await findCheckoutSession(ctx.db, sessionId);
  if (stored?.status === 'paid') return stored;
  if (ctx.provider.name === 'local') {
    if (!stored) throw new CheckoutStateError('No purchase was found for this session', 404);
    throw new CheckoutStateError(
      stored.status === 'cancelled'
        ? 'This checkout was cancelled'
        : 'The payment for this session is not complete',
      409,
    );
  }
  const remote = await ctx.provider.retrieveSession(sessionId);
  if (!remote) throw new CheckoutStateError('No purchase was found for this session', 404);
  if (!remote.paid)
    throw new CheckoutStateError('The payment for this session is not complete', 409);
  if (!remote.email) throw new Error(`Stripe session ${sessionId} is paid but has no e-mail`);
  await fulfil(ctx, {
    sessionId,
    email: remote.email,
    customerId: remote.customerId,
    paymentIntentId: remote.paymentIntentId,
    currency: stored?.currency ?? remote.currency ?? 'usd',
    amountTotal: stored?.amount_total ?? remote.amountTotal ?? 0,
    lines: stored?.lines ?? (await linesFromProvider(ctx, sessionId)),
  });
  return (await findCheckoutSession(ctx.db, sessionId)) ?? null;
}

export { CheckoutInputError };
