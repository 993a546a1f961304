/**
 * Embedded Stripe Checkout (STRIPE_CHECKOUT_UI=embedded) with the real `stripe` SDK pointed at
 * the fake Stripe API: the fields the session is created with, the pay page's address, and what
 * the pay page is told about a session (docs/product.md#embedded-checkout).
 */
import {
  createStripeTestApp,
  requestCheckout,
  type StripeTestApp,
  type TestApp,
} from '../../test-support/app.ts';
import type { FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { insertCheckoutSession } from './repository.ts';

const STOREFRONT = 'https://shop.example.com';
const PUBLISHABLE_KEY = 'pk_test_embedded_shop';

let fake: FakeStripe;
let embedded: StripeTestApp;

beforeAll(async () => {
  embedded = await createStripeTestApp({
    STOREFRONT_URL: STOREFRONT,
    STRIPE_CHECKOUT_UI: 'embedded',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  });
  fake = embedded.stripe;
});
afterAll(() => embedded.close());

/** Starts an embedded checkout of one eBook; returns the pay page's address and the session. */
async function startEmbedded() {
  const before = fake.requests.length;
  const created = await requestCheckout(embedded.app);
  expect(created.statusCode).toBe(200);
  const checkoutUrl = new URL((created.json() as { checkoutUrl: string }).checkoutUrl);
  const sessionId = checkoutUrl.searchParams.get('sessionId') as string;
  return { checkoutUrl, sessionId, sent: fake.requests[before] };
}

const embeddedSession = (sessionId: string) =>
  embedded.app.inject({
    url: `/api/checkout/embedded-session?sessionId=${encodeURIComponent(sessionId)}`,
  });

const stripeCallsFor = (sessionId: string) =>
  fake.requests.filter((request) => request.path === `/v1/checkout/sessions/${sessionId}`).length;

describe('creating an embedded Checkout Session', () => {
  it('asks Stripe for embedded_page with a return URL to the success page, and no success or cancel URL', async () => {
    const { sent, sessionId } = await startEmbedded();
    expect(sent?.path).toBe('/v1/checkout/sessions');
    expect(sent?.fields).toMatchObject({
      mode: 'payment',
      ui_mode: 'embedded_page',
      return_url: `${STOREFRONT}/checkout/success?sessionId={CHECKOUT_SESSION_ID}`,
      'line_items[0][price_data][unit_amount]': '2799',
    });
    expect(sent?.fields).not.toHaveProperty('success_url');
    expect(sent?.fields).not.toHaveProperty('cancel_url');
    expect(sessionId).toMatch(/^cs_test_fake\d+$/);
  });

  it("answers the shop's own pay page, which the cart and Buy Now open as they open Stripe's", async () => {
    const { checkoutUrl, sessionId } = await startEmbedded();
    expect(checkoutUrl.toString()).toBe(`${STOREFRONT}/checkout/pay?sessionId=${sessionId}`);
    const stored = await embedded.app.db
      .selectFrom('checkout_sessions')
      .select(['url', 'status'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ url: checkoutUrl.toString(), status: 'open' });
  });
});

describe('hosted Checkout, the default', () => {
  let hosted: TestApp;
  beforeAll(async () => {
    hosted = await createStripeTestApp(
      { STOREFRONT_URL: STOREFRONT, STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY },
      { stripe: fake },
    );
  });
  afterAll(() => hosted.close());

  it("keeps the success and cancel URLs, sends no ui_mode, and answers Stripe's page", async () => {
    const before = fake.requests.length;
    const created = await requestCheckout(hosted.app);
    const sent = fake.requests[before];
    expect(sent?.fields).toMatchObject({
      success_url: `${STOREFRONT}/checkout/success?sessionId={CHECKOUT_SESSION_ID}`,
      cancel_url: `${STOREFRONT}/checkout/cancel`,
    });
    expect(sent?.fields).not.toHaveProperty('ui_mode');
    expect(sent?.fields).not.toHaveProperty('return_url');
    expect((created.json() as { checkoutUrl: string }).checkoutUrl).toMatch(
      /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake\d+$/,
    );
  });

  it('has no embedded-session route', async () => {
    const response = await hosted.app.inject({
      url: '/api/checkout/embedded-session?sessionId=cs_test_fake0001',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      message: 'No route for GET /api/checkout/embedded-session?sessionId=cs_test_fake0001',
    });
  });
});

describe('GET /api/checkout/embedded-session', () => {
  it('gives the open session its client secret and the publishable key, never to be cached', async () => {
    const { sessionId } = await startEmbedded();
    const response = await embeddedSession(sessionId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      clientSecret: `${sessionId}_secret_fake`,
      publishableKey: PUBLISHABLE_KEY,
    });
    // Stripe is asked each time whether the session can still be paid.
    expect(stripeCallsFor(sessionId)).toBe(1);
  });

  it('knows no session that this shop did not create, without asking Stripe', async () => {
    fake.addSession({ id: 'cs_test_elsewhere', ui_mode: 'embedded_page', client_secret: 'x' });
    const response = await embeddedSession('cs_test_elsewhere');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No embedded checkout was found for this session',
    });
    expect(stripeCallsFor('cs_test_elsewhere')).toBe(0);
  });

  it('knows no embedded checkout for a hosted session of the shop', async () => {
    // Created while the shop was on hosted Checkout, before the setting changed.
    const hostedSession = fake.addSession({ id: 'cs_test_hosted_before' });
    await insertCheckoutSession(embedded.app.db, {
      id: hostedSession.id,
      provider: 'stripe',
      status: 'open',
      mode: 'payment',
      currency: 'usd',
      amount_total: 2799,
      lines: [],
      success_path: '/checkout/success',
      cancel_path: '/checkout/cancel',
      url: hostedSession.url as string,
      customer_email: null,
      customer_id: null,
      payment_intent_id: null,
      created_at: new Date().toISOString(),
      paid_at: null,
    });
    const response = await embeddedSession(hostedSession.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No embedded checkout was found for this session',
    });
  });

  it('refuses a paid session with 409, and the return to the success page shows the purchase', async () => {
    const { sessionId } = await startEmbedded();
    fake.pay(sessionId, 'embedded.buyer@example.com');
    const paidAtStripe = await embeddedSession(sessionId);
    expect(paidAtStripe.statusCode).toBe(409);
    expect(paidAtStripe.json()).toEqual({ message: 'This checkout is already paid' });

    // Stripe.js returns the buyer to the success page, which asks for the purchase.
    const purchase = await embedded.app.inject({
      url: `/api/products/purchase-detail?sessionId=${sessionId}`,
    });
    expect(purchase.statusCode).toBe(200);
    expect(purchase.json()).toMatchObject({
      customerEmail: 'embedded.buyer@example.com',
      checkoutSessionId: sessionId,
      products: [expect.objectContaining({ productId: 'ebook-aba-for-parents', price: 2799 })],
    });

    // Once the shop has fulfilled it, Stripe is not asked again.
    const callsBefore = stripeCallsFor(sessionId);
    const fulfilled = await embeddedSession(sessionId);
    expect(fulfilled.statusCode).toBe(409);
    expect(fulfilled.json()).toEqual({ message: 'This checkout is already paid' });
    expect(stripeCallsFor(sessionId)).toBe(callsBefore);
  });

  it('refuses an expired session with 409, saying to start again', async () => {
    const { sessionId } = await startEmbedded();
    fake.expire(sessionId);
    const response = await embeddedSession(sessionId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This checkout has expired: start again from your cart',
    });
  });

  it('is described in the OpenAPI document, with its query and answers', async () => {
    const spec = (await embedded.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters: { name: string }[]; responses: object } }>;
    };
    const route = spec.paths['/api/checkout/embedded-session']?.get;
    expect(route?.parameters.map((parameter) => parameter.name)).toEqual(['sessionId']);
    expect(Object.keys(route?.responses ?? {})).toEqual(['200', '404', '409']);
  });

  it('refuses what cannot be a session id with 400, before the database or Stripe', async () => {
    const before = fake.requests.length;
    const response = await embeddedSession('../v1/customers');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.stringContaining('sessionId') });
    expect(fake.requests.length).toBe(before);
  });
});
