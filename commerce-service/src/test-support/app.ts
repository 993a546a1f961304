/** A commerce app on a throw-away database, with outgoing mail captured instead of sent. */
import { adminOrderDetailSchema } from '@aba-shop/contract';
import { startFakeStripe, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { ensureSampleAssets } from '../dev/sample-assets.ts';
import type { MailMessage } from '../modules/mail/transport.ts';
import { recordProviderRefund } from '../modules/orders/service.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Every message the mail worker delivered. */
  mail: MailMessage[];
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'onRoute'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(env);
  ensureSampleAssets(database.config.ASSETS_DIR);
  const mail: MailMessage[] = [];
  const app = await buildApp(database.config, {
    ...options,
    sendMail: async (message) => void mail.push(message),
  });
  return {
    app,
    database,
    mail,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A payment refunded in full in Stripe's dashboard, as its webhook records it
 * (docs/product.md#refunds). How many files stopped.
 */
export const refundInStripe = (t: TestApp, paymentIntentId: string) =>
  recordProviderRefund(
    { db: t.app.db, config: t.database.config },
    { paymentIntentId, reason: 'stripe' },
  );

/** The signing secret of the webhook of every test app on a fake Stripe: sign events with it. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_fake_secret';

/** The settings that point the shop at a fake Stripe, with a test key and TEST_WEBHOOK_SECRET. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  };
}

export interface StripeTestApp extends TestApp {
  /** The fake Stripe the app talks to. */
  stripe: FakeStripe;
}

/**
 * A test app that takes payments through a fake Stripe (`env` adds to or overrides
 * `stripeEnv`). The fake is the app's own, started here and closed by `close()`, unless
 * `options.stripe` names one shared by several apps, which its owner closes.
 */
export async function createStripeTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'onRoute'> & { stripe?: FakeStripe } = {},
): Promise<StripeTestApp> {
  const { stripe: shared, ...appOptions } = options;
  const stripe = shared ?? (await startFakeStripe());
  const closeOwnStripe = async () => {
    if (!shared) await stripe.close();
  };
  let t: TestApp;
  try {
    t = await createTestApp({ ...stripeEnv(stripe), ...env }, appOptions);
  } catch (error) {
    await closeOwnStripe();
    throw error;
  }
  return {
    ...t,
    stripe,
    close: async () => {
      try {
        await t.close();
      } finally {
        await closeOwnStripe();
      }
    },
  };
}

/** The path and query of an absolute URL, to replay it with `app.inject`. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

type Basket = { productId: string; quantity: number }[];

/** Asks for a checkout as the storefront does, by default of one eBook. */
export function requestCheckout(
  app: FastifyInstance,
  products: Basket = [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
) {
  return app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    payload: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
  });
}

/** Buys through the local test checkout; returns the checkout session id. */
export async function buyLocally(
  app: FastifyInstance,
  products: Basket,
  email: string,
): Promise<string> {
  const created = await requestCheckout(app, products);
  const sessionId = new URL((created.json() as { checkoutUrl: string }).checkoutUrl).pathname
    .split('/')
    .pop() as string;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/checkout/local/${sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `email=${encodeURIComponent(email)}&terms=accepted`,
  });
  if (paid.statusCode !== 303) throw new Error(`Pay answered ${paid.statusCode}: ${paid.body}`);
  return sessionId;
}

/** The entitlement a paid session holds for one file: its id, its order, its downloads. */
export async function entitlementOf(app: FastifyInstance, sessionId: string, fileKey: string) {
  const row = await app.db
    .selectFrom('entitlements')
    .innerJoin('orders', 'orders.id', 'entitlements.order_id')
    .select((eb) => [
      'entitlements.id',
      'orders.id as orderId',
      // Counted from the download log, as support's view counts it.
      eb
        .selectFrom('download_events')
        .select((count) => count.fn.countAll<number | string>().as('count'))
        .whereRef('download_events.entitlement_id', '=', 'entitlements.id')
        .$asScalar()
        .as('download_count'),
    ])
    .where('orders.checkout_session_id', '=', sessionId)
    .where('entitlements.file_key', '=', fileKey)
    .executeTakeFirstOrThrow();
  return { ...row, download_count: Number(row.download_count) };
}

/** The public number of the order a paid session made (docs/product.md#order-reference). */
export async function orderNumberOf(app: FastifyInstance, sessionId: string): Promise<string> {
  const order = await app.db
    .selectFrom('orders')
    .select('number')
    .where('checkout_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return order.number;
}

/** `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The 6-digit code of the newest sign-in e-mail to this address (sends queued mail first). */
export async function latestSignInCode(t: TestApp, email: string): Promise<string> {
  await t.app.mailWorker.runOnce();
  const message = [...t.mail]
    .reverse()
    .find((mail) => mail.to === email && /codice di accesso/.test(mail.subject));
  const code = /(\d{6})/.exec(message?.subject ?? '')?.[1];
  if (!code) throw new Error(`No sign-in code was e-mailed to ${email}`);
  return code;
}

/** Signs in by e-mail code and returns the session's Cookie header. */
let signInClients = 0;

export async function signInByCode(t: TestApp, email: string): Promise<string> {
  // A client address of its own, so the per-client limits of the sign-in routes do not apply.
  signInClients += 1;
  const remoteAddress = `10.1.${Math.floor(signInClients / 250)}.${signInClients % 250}`;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/send-otp',
    payload: { email },
    remoteAddress,
  });
  if (sent.statusCode !== 200)
    throw new Error(`send-otp answered ${sent.statusCode}: ${sent.body}`);
  const otp = await latestSignInCode(t, email);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/verify-otp',
    payload: { email, otp },
    remoteAddress,
    // The code works in the browser that asked for it: its cookie.
    headers: { cookie: cookieHeader(sent.headers['set-cookie']) },
  });
  if (verified.statusCode !== 200)
    throw new Error(`verify-otp answered ${verified.statusCode}: ${verified.body}`);
  return cookieHeader(verified.headers['set-cookie']);
}

/** An order as the support console reads it, asked for with an administrator's cookie. */
export async function adminOrderDetail(app: FastifyInstance, cookie: string, orderId: string) {
  const response = await app.inject({ url: `/api/admin/orders/${orderId}`, headers: { cookie } });
  if (response.statusCode !== 200)
    throw new Error(
      `GET /api/admin/orders/${orderId} answered ${response.statusCode}: ${response.body}`,
    );
  return adminOrderDetailSchema.parse(response.json());
}
