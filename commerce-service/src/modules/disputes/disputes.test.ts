/**
 * Disputes through the fake Stripe over HTTP (docs/product.md#disputes): a dispute's opening
 * flags its order, the evidence is made of the shop's own records (the consent and its time,
 * the receipt's sending, each download with its client, the stamp), 'Invia le prove' sends it
 * with `submit=true`, and the outcome is kept; a lost dispute revokes the order.
 */
import {
  adminOrderDetail,
  buyLocally,
  orderNumberOf,
  createStripeTestApp,
  createTestApp,
  pathOf,
  signInByCode,
  TEST_WEBHOOK_SECRET,
  type TestApp,
} from '../../test-support/app.ts';
import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  purchaseDetailSchema,
} from '@aba-shop/contract';
import {
  deliverStripeEvent,
  startFakeStripe,
  type FakeStripe,
} from '@aba-shop/test-kit/fake-stripe';

const BUYER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';
let fake: FakeStripe;
let events = 0;

interface Shop {
  t: TestApp;
  admin: string;
}

async function openShop(env: Record<string, string> = {}): Promise<Shop> {
  const t = await createStripeTestApp(
    { ADMIN_EMAILS: 'support@example.com', ...env },
    { stripe: fake },
  );
  return { t, admin: await signInByCode(t, 'support@example.com') };
}

const deliver = ({ t }: Shop, type: string, object: object) =>
  deliverStripeEvent(
    t.app,
    { id: `evt_disputes_${++events}`, type, object: object as Record<string, unknown> },
    TEST_WEBHOOK_SECRET,
  );

/** One eBook paid at Stripe, its PDF downloaded once from a phone; answers what the test needs. */
async function paidAndDownloaded(shop: Shop, email: string) {
  const created = await shop.t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    payload: {
      products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    },
  });
  const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
    .split('/')
    .pop() as string;
  fake.pay(sessionId, email);
  expect((await deliver(shop, 'checkout.session.completed', { id: sessionId })).statusCode).toBe(
    200,
  );
  const detail = purchaseDetailSchema.parse(
    (
      await shop.t.app.inject({ url: `/api/products/purchase-detail?sessionId=${sessionId}` })
    ).json(),
  );
  const pdf = pathOf(detail.products[0]?.files.find((file) => file.kind === 'pdf')?.url as string);
  const downloaded = await shop.t.app.inject({
    url: pdf,
    headers: { 'user-agent': BUYER_AGENT },
    remoteAddress: '203.0.113.7',
  });
  expect(downloaded.statusCode).toBe(200);
  await shop.t.app.mailWorker.runOnce();
  return { sessionId, orderId: detail.orderId, paymentIntent: `pi_${sessionId}`, pdf };
}

const detailOf = ({ t, admin }: Shop, orderId: string) => adminOrderDetail(t.app, admin, orderId);

const submitEvidence = ({ t, admin }: Shop, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/dispute/evidence`,
    headers: { cookie: admin },
  });

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

describe('a dispute of a Stripe payment', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop();
  });
  afterAll(() => shop.t.close());

  it('is flagged on its order with the evidence the shop’s records make, sent on the button, then won', async () => {
    const email = 'disputed.buyer@example.com';
    const { sessionId, orderId, paymentIntent, pdf } = await paidAndDownloaded(shop, email);
    const dispute = fake.openDispute(paymentIntent);
    expect((await deliver(shop, 'charge.dispute.created', dispute)).statusCode).toBe(200);

    const page = adminOrderPageSchema.parse(
      (
        await shop.t.app.inject({
          url: `/api/admin/orders?q=${encodeURIComponent(email)}`,
          headers: { cookie: shop.admin },
        })
      ).json(),
    );
    expect(page.items[0]?.disputeStatus).toBe('needs_response');

    const detail = await detailOf(shop, orderId);
    expect(detail.dispute).toMatchObject({
      disputeId: dispute.id,
      reason: 'fraudulent',
      amount: 2799,
      status: 'needs_response',
      evidenceDueBy: new Date(dispute.evidence_details.due_by * 1000).toISOString(),
      evidenceSubmittedAt: null,
      outcome: null,
    });
    const evidence = detail.dispute?.evidence;
    expect(evidence?.consentAt).toBe(detail.termsAcceptedAt);
    expect(evidence?.consentAt).toEqual(expect.any(String));
    expect(evidence?.consentText).toContain(
      'I ask for my files to be delivered immediately, and I understand that I thereby lose my right of withdrawal.',
    );
    expect(evidence?.receiptSentAt).toEqual(expect.any(String));
    expect(evidence?.stampedReference).toBe(
      `Licensed to ${email} · Order ${await orderNumberOf(shop.t.app, sessionId)}`,
    );
    expect(evidence?.downloads).toEqual([
      {
        at: expect.any(String),
        fileKey: 'aba-for-parents.pdf',
        clientIp: '203.0.113.7',
        userAgent: BUYER_AGENT,
      },
    ]);

    const sent = await submitEvidence(shop, orderId);
    expect(sent.statusCode).toBe(200);
    const posted = fake.requests.filter((request) => request.path === `/v1/disputes/${dispute.id}`);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.method).toBe('POST');
    expect(posted[0]?.fields.submit).toBe('true');
    expect(posted[0]?.idempotencyKey).toBe(`dispute-evidence:${dispute.id}`);
    const atStripe = fake.disputes.get(dispute.id);
    expect(atStripe?.status).toBe('under_review');
    const consentAt = evidence?.consentAt as string;
    expect(atStripe?.evidence.refund_policy_disclosure).toContain(
      `recorded on ${consentAt.slice(0, 10)} ${consentAt.slice(11, 19)} UTC`,
    );
    expect(atStripe?.evidence.refund_policy_disclosure).toContain('lose my right of withdrawal');
    expect(atStripe?.evidence.access_activity_log).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC download of aba-for-parents\.pdf from 203\.0\.113\.7 \(Mozilla\/5\.0 \(iPhone/,
    );
    expect(atStripe?.evidence.customer_email_address).toBe(email);
    expect(atStripe?.evidence.uncategorized_text).toContain(
      `"Licensed to ${email} · Order ${await orderNumberOf(shop.t.app, sessionId)}"`,
    );
    expect(atStripe?.evidence.uncategorized_text).toContain(
      'The receipt with the download links was e-mailed',
    );

    const after = adminOrderDetailSchema.parse(sent.json());
    expect(after.dispute).toMatchObject({
      status: 'under_review',
      evidenceSubmittedAt: expect.any(String),
      evidenceSubmittedBy: 'support@example.com',
    });
    expect(after.audit[0]).toMatchObject({
      action: 'order.dispute-evidence',
      actor: 'support@example.com',
      after: { dispute: 'under_review', evidence: 'sent' },
    });

    const twice = await submitEvidence(shop, orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      error: 'Le prove di questa contestazione sono già state inviate',
    });

    expect(
      (await deliver(shop, 'charge.dispute.closed', fake.closeDispute(dispute.id, 'won')))
        .statusCode,
    ).toBe(200);
    // A late update does not reopen it.
    await deliver(shop, 'charge.dispute.updated', { ...dispute, status: 'under_review' });
    const won = await detailOf(shop, orderId);
    expect(won.dispute).toMatchObject({ status: 'won', outcome: 'won' });
    expect(won.status).toBe('paid');
    expect((await shop.t.app.inject({ method: 'HEAD', url: pdf })).statusCode).toBe(200);
  });

  it('revokes the order when the dispute is lost', async () => {
    const { orderId, paymentIntent, pdf } = await paidAndDownloaded(
      shop,
      'lost.dispute@example.com',
    );
    const dispute = fake.openDispute(paymentIntent, 'product_not_received');
    await deliver(shop, 'charge.dispute.created', dispute);
    await deliver(shop, 'charge.dispute.closed', fake.closeDispute(dispute.id, 'lost'));
    const lost = await detailOf(shop, orderId);
    expect(lost).toMatchObject({ status: 'refunded', access: 'revoked' });
    expect(lost.dispute).toMatchObject({ outcome: 'lost', reason: 'product_not_received' });
    // One refund record, as every refund has (docs/product.md#refunds): the dispute's.
    expect(lost.refunds).toEqual([
      expect.objectContaining({ reason: 'dispute', status: 'refunded', actor: 'stripe' }),
    ]);
    expect(lost).toMatchObject({ amountRefunded: lost.amountTotal, taxRefunded: lost.amountTax });
    expect(lost.lines.every((line) => line.refundedAt !== null)).toBe(true);
    const refused = await shop.t.app.inject({ url: pdf });
    expect(refused.statusCode).toBe(403);
    // Closed: no evidence goes any more.
    const late = await submitEvidence(shop, orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: 'Questa contestazione è chiusa: non si inviano più prove',
    });
  });

  it('answers an order without a dispute 404, and a dispute of a payment that is no order is acknowledged', async () => {
    const { orderId } = await paidAndDownloaded(shop, 'no.dispute@example.com');
    const none = await submitEvidence(shop, orderId);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'Questo ordine non ha contestazioni' });
    const stranger = await deliver(shop, 'charge.dispute.created', {
      ...fake.openDispute('pi_not_ours'),
    });
    expect(stranger.statusCode).toBe(200);
    const malformed = await deliver(shop, 'charge.dispute.created', { id: 'dp_x' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the automatic submission (DISPUTE_EVIDENCE_AUTO_SUBMIT)', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({ DISPUTE_EVIDENCE_AUTO_SUBMIT: 'true' });
  });
  afterAll(() => shop.t.close());

  it('sends the evidence as soon as the dispute arrives', async () => {
    const { orderId, paymentIntent } = await paidAndDownloaded(shop, 'auto.dispute@example.com');
    const dispute = fake.openDispute(paymentIntent);
    expect((await deliver(shop, 'charge.dispute.created', dispute)).statusCode).toBe(200);
    expect(fake.disputes.get(dispute.id)?.evidence.access_activity_log).toContain(
      'download of aba-for-parents.pdf from 203.0.113.7',
    );
    const detail = await detailOf(shop, orderId);
    expect(detail.dispute).toMatchObject({
      status: 'under_review',
      evidenceSubmittedBy: 'automatic',
    });
    expect(detail.audit[0]).toMatchObject({ action: 'order.dispute-evidence', actor: 'automatic' });
  });
});

describe('with the test checkout', () => {
  it('has no disputes to answer', async () => {
    const t = await createTestApp({ ADMIN_EMAILS: 'support@example.com' });
    try {
      const admin = await signInByCode(t, 'support@example.com');
      const sessionId = await buyLocally(
        t.app,
        [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        'local.buyer@example.com',
      );
      const order = await t.app.db
        .selectFrom('orders')
        .select('id')
        .where('checkout_session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/dispute/evidence`,
        headers: { cookie: admin },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatch(/checkout di prova/);
    } finally {
      await t.close();
    }
  });
});
