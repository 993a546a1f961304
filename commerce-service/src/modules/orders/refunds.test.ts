/**
 * Refunds from the support console (docs/product.md#refunds-from-the-console): with the test
 * checkout, and through the fake Stripe with a discount and tax, an outage and a refusal.
 */
import {
  adminOrderDetail,
  buyLocally,
  orderNumberOf,
  cookieHeader,
  createStripeTestApp,
  createTestApp,
  pathOf,
  signInByCode,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from '../../test-support/app.ts';
import { adminOrderDetailSchema, purchaseDetailSchema } from '@aba-shop/contract';
import { deliverStripeEvent, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { createStripeClient, createStripeProvider } from '../checkout/providers.ts';
import { REFUND_LEASE_MS, retryPendingRefunds } from './refunds.ts';

const TWO_BOOKS = [
  { productId: 'ebook-aba-for-parents', quantity: 1 },
  { productId: 'ebook-aba-case-studies', quantity: 1 },
];
const REFUNDED = 'This purchase has been refunded, so its downloads are no longer available.';

interface Shop {
  t: TestApp;
  admin: string;
}

async function openShop(env: Record<string, string> = {}): Promise<Shop> {
  const t = await createTestApp({ ADMIN_EMAILS: 'support@example.com', ...env });
  return { t, admin: await signInByCode(t, 'support@example.com') };
}

async function orderIdOf({ t }: Shop, sessionId: string) {
  const row = await t.app.db
    .selectFrom('orders')
    .select('id')
    .where('checkout_session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return row.id;
}

const detailOf = ({ t, admin }: Shop, orderId: string) => adminOrderDetail(t.app, admin, orderId);

function refund({ t, admin }: Shop, orderId: string, body: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { cookie: admin },
    payload: body,
  });
}

/** The signed download links of a purchase, by file key. */
async function linksOf({ t }: Shop, sessionId: string) {
  const detail = purchaseDetailSchema.parse(
    (await t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })).json(),
  );
  return new Map(
    detail.products.flatMap((product) =>
      product.files.map((file) => [`${product.productId}.${file.kind}`, pathOf(file.url)] as const),
    ),
  );
}

const download = ({ t }: Shop, path: string) => t.app.inject({ method: 'HEAD', url: path });

describe('refunds from the console, with the test checkout', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => shop.t.close());

  it('refunds one line: its files answer the refund, the other book still downloads, the buyer is told', async () => {
    const sessionId = await buyLocally(shop.t.app, TWO_BOOKS, 'two.books@example.com');
    const links = await linksOf(shop, sessionId);
    const orderId = await orderIdOf(shop, sessionId);
    const before = await detailOf(shop, orderId);
    const caseStudies = before.lines.find((line) => line.productId === 'ebook-aba-case-studies');
    expect(caseStudies).toMatchObject({ amountCharged: 1999, refundedAt: null });

    const refunded = await refund(shop, orderId, { lineIds: [caseStudies?.lineId] });
    expect(refunded.statusCode).toBe(200);
    const after = adminOrderDetailSchema.parse(refunded.json());
    expect(after).toMatchObject({
      status: 'paid',
      access: 'active',
      amountRefunded: 1999,
      taxRefunded: 0,
    });
    expect(after.lines.find((line) => line.lineId === caseStudies?.lineId)?.refundedAt).toEqual(
      expect.any(String),
    );
    expect(after.refunds).toEqual([
      expect.objectContaining({
        amount: 1999,
        status: 'refunded',
        lineIds: [caseStudies?.lineId],
        actor: 'support@example.com',
      }),
    ]);
    expect(after.audit[0]).toMatchObject({
      action: 'order.refund',
      actor: 'support@example.com',
      before: { status: 'paid', refunded: 0 },
      after: { status: 'paid', refunded: 1999, amount: 1999, lines: 'eBook ABA Case Studies' },
    });

    for (const file of ['pdf', 'mp3'] as const) {
      const gone = await shop.t.app.inject({
        url: links.get(`ebook-aba-case-studies.${file}`) as string,
      });
      expect(gone.statusCode).toBe(403);
      expect(gone.json().message).toBe(REFUNDED);
      const kept = await download(shop, links.get(`ebook-aba-for-parents.${file}`) as string);
      expect(kept.statusCode).toBe(200);
    }

    await shop.t.app.mailWorker.runOnce();
    const mail = shop.t.mail.find(
      (message) => message.to === 'two.books@example.com' && /Refund/.test(message.subject),
    );
    expect(mail?.subject).toBe(
      `Refund of your order ${await orderNumberOf(shop.t.app, sessionId)}`,
    );
    expect(mail?.text).toContain('We have refunded eBook ABA Case Studies of your order');
    expect(mail?.text).toContain('We have refunded $19.99 to your original means of payment');
    expect(mail?.text).toContain('the rest of your order stays yours');
  });

  it('keeps the library open for the other book, and the refunded one says it was refunded', async () => {
    const email = 'library.refund@example.com';
    const sessionId = await buyLocally(shop.t.app, TWO_BOOKS, email);
    await shop.t.app.mailWorker.runOnce();
    const link = shop.t.mail
      .filter((message) => message.to === email)
      .flatMap((message) => [...message.text.matchAll(/\/library\/open#(\S+)/g)])[0]?.[1];
    const opened = await shop.t.app.inject({
      method: 'POST',
      url: '/api/library/session',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { token: link },
    });
    expect(opened.statusCode).toBe(200);
    const cookie = cookieHeader(opened.headers['set-cookie']);
    const orderId = await orderIdOf(shop, sessionId);
    const line = (await detailOf(shop, orderId)).lines.find(
      (candidate) => candidate.productId === 'ebook-aba-case-studies',
    );
    expect((await refund(shop, orderId, { lineIds: [line?.lineId] })).statusCode).toBe(200);

    const refundedFile = await shop.t.app.inject({
      url: '/api/library/files/aba-case-studies.mp3',
      headers: { cookie },
    });
    expect(refundedFile.statusCode).toBe(403);
    expect(refundedFile.json().message).toBe(REFUNDED);
    const keptFile = await shop.t.app.inject({
      method: 'HEAD',
      url: '/api/library/files/aba-for-parents.mp3',
      headers: { cookie },
    });
    expect(keptFile.statusCode).toBe(200);
  });

  it('refuses a line refunded already, then refunds the rest in full, then has nothing left', async () => {
    const sessionId = await buyLocally(shop.t.app, TWO_BOOKS, 'in.turn@example.com');
    const orderId = await orderIdOf(shop, sessionId);
    const [first, second] = (await detailOf(shop, orderId)).lines;
    expect((await refund(shop, orderId, { lineIds: [first?.lineId] })).statusCode).toBe(200);

    const again = await refund(shop, orderId, { lineIds: [first?.lineId] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `La riga «${first?.productName}» è già stata rimborsata`,
    });

    const rest = await refund(shop, orderId);
    expect(rest.statusCode).toBe(200);
    const whole = adminOrderDetailSchema.parse(rest.json());
    expect(whole).toMatchObject({ status: 'refunded', access: 'revoked', amountRefunded: 4798 });
    expect(whole.refunds.map((made) => made.lineIds)).toEqual([[second?.lineId], [first?.lineId]]);
    const order = await shop.t.app.db
      .selectFrom('orders')
      .select(['amount_refunded', 'tax_refunded', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ amount_refunded: 4798, tax_refunded: 0, status: 'refunded' });

    const none = await refund(shop, orderId);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'Questo ordine è già stato rimborsato per intero' });
    // A refunded order is not restored from the console.
    const restore = await shop.t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/restore`,
      headers: { cookie: shop.admin },
    });
    expect(restore.statusCode).toBe(409);
  });

  it('leaves a refunded line’s files revoked when support revokes and restores the rest', async () => {
    const sessionId = await buyLocally(shop.t.app, TWO_BOOKS, 'revoke.restore@example.com');
    const links = await linksOf(shop, sessionId);
    const orderId = await orderIdOf(shop, sessionId);
    const line = (await detailOf(shop, orderId)).lines.find(
      (candidate) => candidate.productId === 'ebook-aba-case-studies',
    );
    await refund(shop, orderId, { lineIds: [line?.lineId] });
    for (const action of ['revoke', 'restore']) {
      const response = await shop.t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/${action}`,
        headers: { cookie: shop.admin },
      });
      expect(response.statusCode).toBe(200);
    }
    const gone = await shop.t.app.inject({
      url: links.get('ebook-aba-case-studies.pdf') as string,
    });
    expect(gone.json().message).toBe(REFUNDED);
    expect(
      (await download(shop, links.get('ebook-aba-for-parents.pdf') as string)).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ lineIds: [] }, 400, 'scegli almeno una riga'],
    [{ lineIds: ['not-a-line'] }, 400, 'La riga not-a-line non fa parte di questo ordine'],
    [{ lines: 'all' }, 400, 'lines'],
  ])('answers %j with %i and an Italian reason', async (body, status, words) => {
    const sessionId = await buyLocally(shop.t.app, TWO_BOOKS, 'bad.body@example.com');
    const response = await refund(shop, await orderIdOf(shop, sessionId), body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toContain(words);
  });

  it('answers an unknown order 404, a customer 403 and nobody 401', async () => {
    const unknown = await refund(shop, 'ord_0000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Nessun ordine con questo id' });
    const customer = await signInByCode(shop.t, 'customer@example.com');
    const asCustomer = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ord_0000/refunds',
      headers: { cookie: customer },
      payload: {},
    });
    expect(asCustomer.statusCode).toBe(403);
    const signedOut = await shop.t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/ord_0000/refunds',
      payload: {},
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('refunds from the console, through Stripe', () => {
  let fake: FakeStripe;
  let shop: Shop;
  let events = 0;

  beforeAll(async () => {
    const t = await createStripeTestApp({ ADMIN_EMAILS: 'support@example.com' });
    fake = t.stripe;
    shop = { t, admin: await signInByCode(t, 'support@example.com') };
  });
  afterAll(() => shop.t.close());

  const deliver = (type: string, object: Record<string, unknown>) =>
    deliverStripeEvent(
      shop.t.app,
      { id: `evt_refunds_${++events}`, type, object },
      TEST_WEBHOOK_SECRET,
    );

  /** Two books paid at Stripe with 10 % off (480) and 433 of tax: 4751 charged. */
  async function paidAtStripe(email: string) {
    const created = await shop.t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      payload: {
        products: TWO_BOOKS,
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    });
    const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    fake.pay(sessionId, email, { discount: 480, tax: 433 });
    expect((await deliver('checkout.session.completed', { id: sessionId })).statusCode).toBe(200);
    return {
      sessionId,
      paymentIntent: `pi_${sessionId}`,
      orderId: await orderIdOf(shop, sessionId),
    };
  }

  function retry() {
    const { config } = shop.t.app;
    const provider = createStripeProvider(createStripeClient(config), config);
    return retryPendingRefunds(
      { db: shop.t.app.db, config, provider },
      shop.t.app.log,
      Date.now() + REFUND_LEASE_MS + 1000,
    );
  }

  it('refunds a line’s share at Stripe once, and Stripe’s partial charge.refunded revokes nothing more', async () => {
    const { sessionId, paymentIntent, orderId } = await paidAtStripe('stripe.line@example.com');
    const links = await linksOf(shop, sessionId);
    const detail = await detailOf(shop, orderId);
    expect(detail.amountTotal).toBe(4751);
    const parents = detail.lines.find((line) => line.productId === 'ebook-aba-for-parents');
    // 2799 of 4798 before discount and tax: 2771.63 of 4751, and 252.59 of 433 tax.
    expect(parents?.amountCharged).toBe(2772);

    const response = await refund(shop, orderId, { lineIds: [parents?.lineId] });
    expect(response.statusCode).toBe(200);
    const made = fake.refunds.filter((one) => one.payment_intent === paymentIntent);
    expect(made).toEqual([
      expect.objectContaining({ amount: 2772, reason: 'requested_by_customer' }),
    ]);
    const asked = fake.requests.filter((request) => request.path === '/v1/refunds');
    expect(asked.at(-1)?.idempotencyKey).toMatch(/^refund:rfd_[0-9a-f]{32}$/);
    expect(adminOrderDetailSchema.parse(response.json())).toMatchObject({
      amountRefunded: 2772,
      taxRefunded: 253,
      status: 'paid',
    });

    const charge = fake.chargeOf(paymentIntent);
    expect(charge).toMatchObject({ amount_refunded: 2772, refunded: false });
    expect((await deliver('charge.refunded', charge)).statusCode).toBe(200);
    expect(
      (await download(shop, links.get('ebook-aba-case-studies.pdf') as string)).statusCode,
    ).toBe(200);
    expect((await detailOf(shop, orderId)).status).toBe('paid');

    // The rest: exactly what is left of the charge, and Stripe's full refund changes nothing.
    expect((await refund(shop, orderId)).statusCode).toBe(200);
    const all = fake.refunds.filter((one) => one.payment_intent === paymentIntent);
    expect(all.map((one) => one.amount)).toEqual([2772, 1979]);
    const full = fake.chargeOf(paymentIntent);
    expect(full).toMatchObject({ amount_refunded: 4751, refunded: true });
    expect((await deliver('charge.refunded', full)).statusCode).toBe(200);
    const order = await detailOf(shop, orderId);
    expect(order).toMatchObject({ status: 'refunded', amountRefunded: 4751, taxRefunded: 433 });
  });

  it('keeps a refund pending while Stripe is down, and the retry makes it once', async () => {
    const { sessionId, paymentIntent, orderId } = await paidAtStripe('stripe.down@example.com');
    const links = await linksOf(shop, sessionId);
    const line = (await detailOf(shop, orderId)).lines.find(
      (candidate) => candidate.productId === 'ebook-aba-case-studies',
    );
    fake.failWith(500, { type: 'api_error', message: 'Stripe is down' });
    const pending = await refund(shop, orderId, { lineIds: [line?.lineId] });
    fake.recover();
    expect(pending.statusCode).toBe(202);
    const detail = adminOrderDetailSchema.parse(pending.json());
    expect(detail.refunds[0]).toMatchObject({
      status: 'pending',
      error: expect.stringMatching(/unavailable/),
    });
    expect(detail.amountRefunded).toBe(0);
    // Not refunded yet: the files still work, and the line cannot be asked twice.
    expect(
      (await download(shop, links.get('ebook-aba-case-studies.pdf') as string)).statusCode,
    ).toBe(200);
    const twice = await refund(shop, orderId, { lineIds: [line?.lineId] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toContain('è già in corso');

    expect(await retry()).toBe(1);
    expect(await retry()).toBe(0);
    expect(fake.refunds.filter((one) => one.payment_intent === paymentIntent)).toHaveLength(1);
    const after = await detailOf(shop, orderId);
    expect(after.refunds[0]).toMatchObject({ status: 'refunded', error: null });
    expect(after.amountRefunded).toBe(1979);
    const gone = await shop.t.app.inject({
      url: links.get('ebook-aba-case-studies.pdf') as string,
    });
    expect(gone.json().message).toBe(REFUNDED);
  });

  it('records a refund made in Stripe’s dashboard as the order’s refund, of reason stripe', async () => {
    const { sessionId, paymentIntent, orderId } = await paidAtStripe(
      'stripe.dashboard@example.com',
    );
    const links = await linksOf(shop, sessionId);
    fake.refunds.push({
      id: 're_dashboard_full',
      object: 'refund',
      payment_intent: paymentIntent,
      amount: 4751,
      reason: null,
      status: 'succeeded',
    });
    const charge = fake.chargeOf(paymentIntent);
    expect(charge).toMatchObject({ refunded: true });
    expect((await deliver('charge.refunded', charge)).statusCode).toBe(200);
    // Told twice (Stripe retries), it is recorded once.
    expect((await deliver('charge.refunded', charge)).statusCode).toBe(200);

    const detail = await detailOf(shop, orderId);
    expect(detail).toMatchObject({ status: 'refunded', amountRefunded: 4751, taxRefunded: 433 });
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        reason: 'stripe',
        status: 'refunded',
        actor: 'stripe',
        amount: 4751,
        tax: 433,
      }),
    ]);
    expect(detail.refunds[0]?.lineIds).toHaveLength(2);
    expect(detail.lines.every((line) => line.refundedAt !== null)).toBe(true);
    const gone = await shop.t.app.inject({
      url: links.get('ebook-aba-case-studies.pdf') as string,
    });
    expect(gone.json().message).toBe(REFUNDED);
    // Nothing is left for support to refund.
    expect((await refund(shop, orderId)).statusCode).toBe(409);
  });

  it('answers Stripe’s refusal with 409 and frees the lines', async () => {
    const { paymentIntent, orderId } = await paidAtStripe('stripe.refused@example.com');
    // Refunded in full in Stripe's dashboard, then 1 cent more is asked.
    fake.refunds.push({
      id: 're_dashboard',
      object: 'refund',
      payment_intent: paymentIntent,
      amount: 4750,
      reason: null,
      status: 'succeeded',
    });
    const refused = await refund(shop, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Il fornitore dei pagamenti ha rifiutato il rimborso: /);
    const detail = await detailOf(shop, orderId);
    expect(detail.refunds[0]).toMatchObject({ status: 'failed', lineIds: [] });
    expect(detail).toMatchObject({ status: 'paid', amountRefunded: 0 });
  });
});
