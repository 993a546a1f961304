/**
 * The Stripe path with the real `stripe` SDK pointed at a fake Stripe API: the requests the
 * shop sends, signed webhooks, exactly-once fulfilment and refunds.
 */
import Stripe from 'stripe';
import {
  createStripeTestApp,
  pathOf,
  TEST_WEBHOOK_SECRET,
  type StripeTestApp,
} from '../../test-support/app.ts';
import { deliverStripeEvent, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { purchaseDetailSchema } from '@aba-shop/contract';

let fake: FakeStripe;
let t: StripeTestApp;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  t = await createStripeTestApp({
    PRODUCT_STRIPE_PRICES: 'ebook-aba-case-studies=price_case_studies',
  });
  fake = t.stripe;
});
afterAll(() => t.close());

async function checkout(
  products: { productId: string; quantity: number }[],
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    headers,
    payload: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
  });
  expect(response.statusCode).toBe(200);
  const { checkoutUrl } = response.json() as { checkoutUrl: string };
  return { checkoutUrl, sessionId: checkoutUrl.split('/').pop() as string };
}

let eventCounter = 0;
function deliver(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; secret?: string } = {},
) {
  eventCounter += 1;
  return deliverStripeEvent(
    t.app,
    { id: options.id ?? `evt_test_${eventCounter}`, type, object },
    options.secret ?? TEST_WEBHOOK_SECRET,
  );
}

const ordersFor = (sessionId: string) =>
  t.app.db.selectFrom('orders').selectAll().where('checkout_session_id', '=', sessionId).execute();

describe('creating a Stripe Checkout Session', () => {
  it('sends the catalogue amounts, the mode, the return URLs and an idempotency key', async () => {
    const before = fake.requests.length;
    const { checkoutUrl, sessionId } = await checkout([
      { productId: 'ebook-aba-for-parents', quantity: 2 },
      { productId: 'ebook-aba-case-studies', quantity: 1 },
    ]);
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const [sent] = fake.requests.slice(before);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/checkout/sessions');
    expect(sent?.idempotencyKey).toMatch(/^checkout:/);
    expect(sent?.fields).toMatchObject({
      mode: 'payment',
      success_url: 'http://127.0.0.1:3000/checkout/success?sessionId={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:3000/checkout/cancel',
      customer_creation: 'always',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2799',
      'line_items[0][price_data][product_data][name]': 'eBook ABA for Parents',
      'line_items[1][price]': 'price_case_studies',
      'line_items[1][quantity]': '1',
    });
  });

  it('uses subscription mode with a monthly price for the membership', async () => {
    const before = fake.requests.length;
    await checkout([{ productId: 'aba-parent-support-monthly', quantity: 1 }]);
    expect(fake.requests[before]?.fields).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][price_data][recurring][interval]': 'month',
    });
    expect(fake.requests[before]?.fields.customer_creation).toBeUndefined();
  });

  it('returns the same session for a retried request with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'cart-retry-0001' };
    const first = await checkout([{ productId: 'ebook-aba-for-parents', quantity: 1 }], headers);
    const second = await checkout([{ productId: 'ebook-aba-for-parents', quantity: 1 }], headers);
    expect(second.sessionId).toBe(first.sessionId);
    expect(
      fake.requests.filter((request) => request.idempotencyKey === 'checkout:cart-retry-0001'),
    ).toHaveLength(2);
  });

  it('turns off the local test checkout', async () => {
    const response = await t.app.inject({
      url: '/api/checkout/local/cs_local_aaaaaaaaaaaaaaaaaaaaaaaa',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a missing, tampered or wrongly signed event with 400', async () => {
    const { sessionId } = await checkout([{ productId: 'ebook-aba-for-parents', quantity: 1 }]);
    const session = fake.pay(sessionId, 'tamper@example.com');
    const wrongSecret = await deliver('checkout.session.completed', session as never, {
      secret: 'whsec_wrong',
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ message: 'Invalid Stripe signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 'evt_x',
        type: 'checkout.session.completed',
        data: { object: session },
      }),
    });
    expect(unsigned.statusCode).toBe(400);
    const payload = JSON.stringify({
      id: 'evt_t',
      object: 'event',
      type: 'charge.refunded',
      data: { object: {} },
    });
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('charge.refunded', 'checkout.session.completed'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await ordersFor(sessionId)).toHaveLength(0);
  });

  // Found by the fuzz suite (src/api-*.fuzz.test.ts, test-support/fuzz/api-suite.ts): these answered 500.
  it.each([
    [
      'without data',
      { id: 'evt_no_data', type: 'checkout.session.completed' },
      'it needs an id, a type and data.object',
    ],
    [
      'without an id',
      { type: 'charge.refunded', data: { object: {} } },
      'it needs an id, a type and data.object',
    ],
    [
      'of a checkout without a session id',
      { id: 'evt_no_session', type: 'checkout.session.completed', data: { object: { id: 7 } } },
      'data.object has no checkout session id',
    ],
    [
      'whose id is not a Stripe id',
      { id: 'evt_\u0000/x', type: 'customer.created', data: { object: {} } },
      'it needs an id, a type and data.object',
    ],
    [
      'whose type holds a character no Stripe event type has',
      { id: 'evt_nul_type', type: '\u0000\u001b', data: { object: {} } },
      'it needs an id, a type and data.object',
    ],
    [
      'whose type is longer than any Stripe event type',
      { id: 'evt_long_type', type: 'x'.repeat(129), data: { object: {} } },
      'it needs an id, a type and data.object',
    ],
    [
      'of a refund whose payment intent is not a string',
      {
        id: 'evt_bad_charge',
        type: 'charge.refunded',
        data: { object: { refunded: true, payment_intent: 42 } },
      },
      'data.object is not a charge',
    ],
  ])(
    'refuses a signed event %s with a 400 that says why, and keeps no record of it',
    async (_case, event, reason) => {
      const payload = JSON.stringify({ object: 'event', ...event });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({
            payload,
            secret: TEST_WEBHOOK_SECRET,
          }),
        },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `Malformed Stripe event: ${reason}` });
      const recorded = await t.app.db.selectFrom('webhook_events').select('id').execute();
      expect(recorded.map((row) => row.id)).not.toContain((event as { id?: string }).id);
    },
  );

  it('fulfils a paid session once, however often and however concurrently the event arrives', async () => {
    const { sessionId } = await checkout([{ productId: 'ebook-aba-complete-pack', quantity: 1 }]);
    const session = fake.pay(sessionId, 'Stripe.Buyer@example.com');
    const first = await deliver('checkout.session.completed', session as never, { id: 'evt_once' });
    expect(first.json()).toEqual({ received: true });
    const replay = await deliver('checkout.session.completed', session as never, {
      id: 'evt_once',
    });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const storm = await Promise.all(
      Array.from({ length: 50 }, () => deliver('checkout.session.completed', session as never)),
    );
    expect(storm.every((response) => response.statusCode === 200)).toBe(true);

    const orders = await ordersFor(sessionId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      email: 'stripe.buyer@example.com',
      amount_total: 4299,
      payment_intent_id: `pi_${sessionId}`,
    });
    const entitlements = await t.app.db
      .selectFrom('entitlements')
      .select('file_key')
      .where('order_id', '=', orders[0]?.id as string)
      .execute();
    expect(entitlements).toHaveLength(4);
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'stripe.buyer@example.com')
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('waits for async_payment_succeeded when the payment is still pending', async () => {
    const { sessionId } = await checkout([{ productId: 'ebook-aba-for-parents', quantity: 1 }]);
    const pending = fake.sessions.get(sessionId);
    const completed = await deliver('checkout.session.completed', {
      ...pending,
      payment_status: 'unpaid',
    } as never);
    expect(completed.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toHaveLength(0);
    const session = fake.pay(sessionId, 'slow@example.com');
    await deliver('checkout.session.async_payment_succeeded', session as never);
    expect(await ordersFor(sessionId)).toHaveLength(1);
  });

  it('revokes the downloads of a refunded order', async () => {
    const { sessionId } = await checkout([{ productId: 'ebook-aba-for-parents', quantity: 1 }]);
    const session = fake.pay(sessionId, 'refund@example.com');
    await deliver('checkout.session.completed', session as never);
    const detail = purchaseDetailSchema.parse(
      (await t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })).json(),
    );
    const pdf = detail.products[0]?.downloadUrl as string;
    expect((await t.app.inject({ url: pathOf(pdf) })).statusCode).toBe(200);

    const refund = await deliver('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      refunded: true,
      payment_intent: `pi_${sessionId}`,
    });
    expect(refund.statusCode).toBe(200);
    expect((await t.app.inject({ url: pathOf(pdf) })).statusCode).toBe(403);
    expect((await ordersFor(sessionId))[0]?.status).toBe('refunded');
  });
});

describe('purchase detail with Stripe', () => {
  it('fulfils from Stripe when the buyer arrives before the webhook', async () => {
    const { sessionId } = await checkout([{ productId: 'ebook-aba-case-studies', quantity: 1 }]);
    const unpaid = await t.app.inject({
      url: `/api/products/purchase-detail?sessionId=${sessionId}`,
    });
    expect(unpaid.statusCode).toBe(409);
    fake.pay(sessionId, 'early@example.com');
    const paid = await t.app.inject({
      url: `/api/products/purchase-detail?sessionId=${sessionId}`,
    });
    expect(paid.statusCode).toBe(200);
    expect(purchaseDetailSchema.parse(paid.json()).customerEmail).toBe('early@example.com');
    expect(await ordersFor(sessionId)).toHaveLength(1);
  });

  it('fulfils a hosted payment-link purchase by its Stripe price', async () => {
    fake.addSession({
      id: 'cs_test_paymentlink0001',
      line_items: [{ price: 'price_case_studies', quantity: 1, amount_total: 1999 }],
      amount_total: 1999,
    });
    const session = fake.pay('cs_test_paymentlink0001', 'link@example.com');
    await deliver('checkout.session.completed', session as never);
    const detail = purchaseDetailSchema.parse(
      (
        await t.app.inject({
          url: '/api/products/purchase-detail?sessionId=cs_test_paymentlink0001',
        })
      ).json(),
    );
    expect(detail.products.map((product) => [product.productId, product.price])).toEqual([
      ['ebook-aba-case-studies', 1999],
    ]);
  });

  it('answers 404 for a session Stripe does not know', async () => {
    const response = await t.app.inject({
      url: '/api/products/purchase-detail?sessionId=cs_test_unknown',
    });
    expect(response.statusCode).toBe(404);
  });
});
