/**
 * The withdrawal function (docs/product.md#withdrawal): a membership withdrawn from within 14
 * days is refunded, ended, audited and acknowledged by e-mail with the time it was received;
 * eBooks, late withdrawals and contracts that do not match are refused with the reason.
 */
import {
  buyLocally,
  orderNumberOf,
  createStripeTestApp,
  createTestApp,
  requestCheckout,
  signInByCode,
  TEST_WEBHOOK_SECRET,
  type StripeTestApp,
  type TestApp,
} from '../../test-support/app.ts';
import { deliverStripeEvent, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { buildApp } from '../../app.ts';
import { createStripeClient, createStripeProvider } from '../checkout/providers.ts';
import { REFUND_LEASE_MS, retryPendingRefunds } from '../orders/service.ts';
import { findWithdrawalOfOrder } from './repository.ts';
import { confirmWithdrawal, withdraw } from './service.ts';
import {
  adminOrderDetailSchema,
  adminWithdrawalListSchema,
  myWithdrawalContractsSchema,
  withdrawableContractSchema,
  withdrawalReceiptSchema,
} from '@aba-shop/contract';

const MEMBERSHIP = [{ productId: 'aba-parent-support-monthly', quantity: 1 }];
const EBOOK = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
const NO_MATCH =
  'We found no contract for this e-mail address and order reference. Check both against your receipt e-mail (the order reference reads ABA- and eight letters or digits).';

function post(t: TestApp, url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function mailTo(t: TestApp, email: string, subject: RegExp) {
  await t.app.mailWorker.runOnce();
  return t.mail.find((mail) => mail.to === email && subject.test(mail.subject));
}

/** The token of the newest confirmation link e-mailed to an address (sends queued mail first). */
async function confirmationTokenFor(t: TestApp, email: string): Promise<string> {
  await t.app.mailWorker.runOnce();
  const mail = t.mail.findLast(
    (message) =>
      message.to === email &&
      /^(Confirm your withdrawal|Conferma il recesso)/.test(message.subject),
  );
  const token = /\/withdraw(?:\/it)?\/confirm#(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No confirmation link was e-mailed to ${email}`);
  return token;
}

/**
 * Withdraws signed out, as someone who knows the order reference and address may, then
 * confirms from the link e-mailed to the order's address, as only its buyer can; answers the
 * confirmation, or the refusal of the first step.
 */
async function withdrawAndConfirm(t: TestApp, contract: { orderReference: string; email: string }) {
  const asked = await post(t, '/api/withdrawals', { ...contract, confirm: true });
  if (asked.statusCode !== 201) return asked;
  expect(withdrawalReceiptSchema.parse(asked.json()).outcome).toBe('unconfirmed');
  const token = await confirmationTokenFor(t, contract.email.toLowerCase());
  return post(t, '/api/withdrawals/confirmation', { token });
}

/** Moves an order's payment into the past, as if it had been bought that long ago. */
async function ageOrder(t: TestApp, sessionId: string, days: number) {
  await t.app.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - days * 86_400_000).toISOString() })
    .where('checkout_session_id', '=', sessionId)
    .execute();
}

async function membershipStatusOf(t: TestApp, cookie: string) {
  const response = await t.app.inject({ url: '/api/me/purchases', headers: { cookie } });
  return (response.json() as { subscriptions: { status: string }[] }).subscriptions[0]?.status;
}

describe('withdrawing with the test checkout', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'support@example.com' });
    admin = await signInByCode(t, 'support@example.com');
  });
  afterAll(() => t.close());

  it('shows the membership, then refunds it, ends it, audits it and acknowledges it by e-mail', async () => {
    const email = 'withdraw.out@example.com';
    const sessionId = await buyLocally(t.app, MEMBERSHIP, email);
    const number = await orderNumberOf(t.app, sessionId);
    // The receipt's number, typed as a buyer might: lower case, spaces for dashes.
    const contract = {
      orderReference: number.toLowerCase().replaceAll('-', ' '),
      email: 'Withdraw.Out@example.com',
    };

    const preview = await post(t, '/api/withdrawals/preview', contract);
    expect(preview.statusCode).toBe(200);
    const shown = withdrawableContractSchema.parse(preview.json());
    expect(shown).toMatchObject({
      orderReference: number,
      productName: 'ABA Parent Support Membership',
      amountTotal: 999,
    });
    expect(Date.parse(shown.withdrawableUntil) - Date.parse(shown.startedAt)).toBe(14 * 86_400_000);

    const unconfirmed = await post(t, '/api/withdrawals', contract);
    expect(unconfirmed.statusCode).toBe(400);

    const before = Date.now();
    // Signed out, the withdrawal is kept and acknowledged at once, and changes nothing yet.
    const asked = await post(t, '/api/withdrawals', { ...contract, confirm: true });
    expect(asked.statusCode).toBe(201);
    const kept = withdrawalReceiptSchema.parse(asked.json());
    expect(kept).toMatchObject({ orderReference: number, email, outcome: 'unconfirmed' });
    expect(Date.parse(kept.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    const waiting = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('paid');
    const request = await mailTo(t, email, /^Confirm your withdrawal/);
    expect(request?.subject).toBe(`Confirm your withdrawal from order ${number}`);
    expect(request?.text).toContain(
      'If you did not ask for this, ignore this e-mail: nothing changes, and your membership continues.',
    );
    expect(request?.text).toMatch(
      /Confirm my withdrawal: http:\/\/127\.0\.0\.1:3000\/withdraw\/confirm#/,
    );
    const forged = await post(t, '/api/withdrawals/confirmation', { token: 'e30.forged' });
    expect(forged.statusCode).toBe(403);

    // Confirmed from the order's mailbox, it takes effect, as received when it was asked.
    const token = await confirmationTokenFor(t, email);
    const withdrawn = await post(t, '/api/withdrawals/confirmation', { token });
    expect(withdrawn.statusCode).toBe(200);
    const receipt = withdrawalReceiptSchema.parse(withdrawn.json());
    expect(receipt).toMatchObject({
      orderReference: number,
      email,
      outcome: 'refunded',
      amountRefunded: 999,
      receivedAt: kept.receivedAt,
    });
    // The link is single-use: again, it answers the withdrawal as it stands and does nothing.
    const twice = await post(t, '/api/withdrawals/confirmation', { token });
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toEqual(withdrawn.json());

    const order = await t.app.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('refunded');
    expect(await membershipStatusOf(t, await signInByCode(t, email))).toBe('canceled');

    const mail = await mailTo(t, email, /^We received your withdrawal/);
    expect(mail?.subject).toBe(`We received your withdrawal from order ${number}`);
    const time = new Date(receipt.receivedAt);
    const hhmm = `${String(time.getUTCHours()).padStart(2, '0')}:${String(time.getUTCMinutes()).padStart(2, '0')}`;
    expect(mail?.text).toContain(
      `We received your withdrawal from the contract below on ${time.getUTCDate()} ${time.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${time.getUTCFullYear()} at ${hhmm} UTC.`,
    );
    expect(mail?.text).toContain('We have refunded $9.99');

    const detail = adminOrderDetailSchema.parse(
      (
        await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: { cookie: admin } })
      ).json(),
    );
    expect(detail.status).toBe('refunded');
    // The withdrawal received, then its refund: the test checkout took no money, so at once.
    expect(detail.audit.find((entry) => entry.action === 'order.withdraw')).toMatchObject({
      actor: email,
      before: { status: 'paid', membership: 'active' },
      after: { status: 'paid', membership: 'canceled', refund: 'pending' },
    });
    expect(detail.audit.find((entry) => entry.action === 'order.withdrawal-refund')).toMatchObject({
      actor: email,
      before: { status: 'paid', refund: 'pending' },
      after: { status: 'refunded', refund: 'refunded', refundId: null },
    });
    const list = await t.app.inject({
      url: `/api/admin/withdrawals?orderId=${order.id}`,
      headers: { cookie: admin },
    });
    expect(list.statusCode).toBe(200);
    expect(adminWithdrawalListSchema.parse(list.json()).items).toEqual([
      expect.objectContaining({
        orderId: order.id,
        receivedAt: receipt.receivedAt,
        channel: 'reference',
        language: 'en',
        outcome: 'refunded',
        refundId: null,
        refundError: null,
      }),
    ]);

    const again = await post(t, '/api/withdrawals', { ...contract, confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'already-withdrawn', at: receipt.receivedAt });
  });

  it('ends nothing for whoever holds the reference and address: only the mailbox or the buyer signed in', async () => {
    const email = 'withdraw.shared.pdf@example.com';
    const sessionId = await buyLocally(t.app, MEMBERSHIP, email);
    const contract = { orderReference: sessionId, email, confirm: true };
    const first = await post(t, '/api/withdrawals', contract);
    expect(withdrawalReceiptSchema.parse(first.json()).outcome).toBe('unconfirmed');
    const second = await post(t, '/api/withdrawals', contract);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    // Asked twice within the hour, the order's mailbox gets the link once.
    await t.app.mailWorker.runOnce();
    expect(
      t.mail.filter((mail) => mail.to === email && /^Confirm your withdrawal/.test(mail.subject)),
    ).toHaveLength(1);
    const cookie = await signInByCode(t, email);
    expect(await membershipStatusOf(t, cookie)).toBe('active');
    const mine = myWithdrawalContractsSchema.parse(
      (await t.app.inject({ url: '/api/withdrawals/contracts', headers: { cookie } })).json(),
    );
    expect(mine.contracts[0]).toMatchObject({ withdrawable: true, withdrawnAt: null });

    // The buyer, signed in, withdraws at once; the statement kept first is the one that counts.
    const token = await confirmationTokenFor(t, email);
    const signedIn = await post(
      t,
      '/api/withdrawals',
      { orderReference: sessionId, confirm: true },
      cookie,
    );
    expect(signedIn.statusCode).toBe(201);
    expect(withdrawalReceiptSchema.parse(signedIn.json())).toMatchObject({
      outcome: 'refunded',
      receivedAt: withdrawalReceiptSchema.parse(first.json()).receivedAt,
    });
    expect(await membershipStatusOf(t, cookie)).toBe('canceled');
    const late = await post(t, '/api/withdrawals/confirmation', { token });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ outcome: 'refunded' });
  });

  it('lets a confirmation link expire 14 days after the withdrawal was received', async () => {
    const email = 'withdraw.link.late@example.com';
    const sessionId = await buyLocally(t.app, MEMBERSHIP, email);
    await post(t, '/api/withdrawals', { orderReference: sessionId, email, confirm: true });
    const token = await confirmationTokenFor(t, email);
    const deps = { db: t.app.db, config: t.app.config, provider: undefined as never };
    await expect(
      confirmWithdrawal(deps, token, t.app.log, Date.now() + 15 * 86_400_000),
    ).rejects.toMatchObject({ kind: 'expired', message: expect.stringMatching(/has expired/) });
    // Asked again then, signed out or in, it has lapsed: the contract's 14 days are over too.
    const cookie = await signInByCode(t, email);
    await expect(
      withdraw(
        deps,
        { orderReference: sessionId, confirm: true },
        { email },
        t.app.log,
        Date.now() + 15 * 86_400_000,
      ),
    ).rejects.toMatchObject({ details: { reason: 'period-over' } });
    expect(await membershipStatusOf(t, cookie)).toBe('active');
  });

  it('answers the same 404 for an order that does not exist and one whose address differs', async () => {
    const sessionId = await buyLocally(t.app, MEMBERSHIP, 'someone.else@example.com');
    const wrongAddress = await post(t, '/api/withdrawals/preview', {
      orderReference: sessionId,
      email: 'stranger@example.com',
    });
    const unknown = await post(t, '/api/withdrawals/preview', {
      orderReference: 'cs_local_doesnotexist000000000000',
      email: 'stranger@example.com',
    });
    expect(wrongAddress.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongAddress.json()).toEqual({ message: NO_MATCH });
    expect(unknown.json()).toEqual(wrongAddress.json());
    const confirmed = await post(t, '/api/withdrawals', {
      orderReference: sessionId,
      email: 'stranger@example.com',
      confirm: true,
    });
    expect(confirmed.statusCode).toBe(404);
  });

  it('asks a signed-out visitor for the address, and refuses what is not an order reference', async () => {
    const noEmail = await post(t, '/api/withdrawals/preview', { orderReference: 'cs_local_x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toEqual({
      message: 'Enter the e-mail address you bought with, or sign in',
    });
    const notReference = await post(t, '/api/withdrawals/preview', {
      orderReference: 'ord_123',
      email: 'a@example.com',
    });
    expect(notReference.statusCode).toBe(400);
    expect((notReference.json() as { message: string }).message).toMatch(/order reference/);
  });

  it('refuses an eBook order, naming the consent to immediate delivery and its time', async () => {
    const email = 'withdraw.ebook@example.com';
    const sessionId = await buyLocally(t.app, EBOOK, email);
    const consentAt = (
      await t.app.db
        .selectFrom('orders')
        .select('terms_accepted_at')
        .where('checkout_session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).terms_accepted_at;
    const refused = await post(t, '/api/withdrawals/preview', { orderReference: sessionId, email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'ebook', at: consentAt });
    expect((refused.json() as { message: string }).message).toMatch(
      /^This order is for eBooks, delivered at once: on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC you asked for immediate delivery and acknowledged that you thereby lose your right of withdrawal/,
    );
    const confirmed = await post(t, '/api/withdrawals', {
      orderReference: sessionId,
      email,
      confirm: true,
    });
    expect(confirmed.statusCode).toBe(409);
    const order = await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('paid');
  });

  it('refuses a membership after its 14 days, and lets one on its 14th day go', async () => {
    const late = await buyLocally(t.app, MEMBERSHIP, 'withdraw.late@example.com');
    await ageOrder(t, late, 15);
    const refused = await post(t, '/api/withdrawals', {
      orderReference: late,
      email: 'withdraw.late@example.com',
      confirm: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'period-over' });
    expect((refused.json() as { message: string }).message).toMatch(
      /^The 14-day withdrawal period of this membership ended on /,
    );

    const lastDay = await buyLocally(t.app, MEMBERSHIP, 'withdraw.lastday@example.com');
    await ageOrder(t, lastDay, 13.9);
    const accepted = await post(t, '/api/withdrawals', {
      orderReference: lastDay,
      email: 'withdraw.lastday@example.com',
      confirm: true,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('lets a signed-in member pick their membership, and answers in Italian from an Italian page', async () => {
    const email = 'withdraw.member@example.com';
    const sessionId = await buyLocally(t.app, MEMBERSHIP, email);
    const number = await orderNumberOf(t.app, sessionId);
    const cookie = await signInByCode(t, email);

    const signedOut = await t.app.inject({ url: '/api/withdrawals/contracts' });
    expect(signedOut.statusCode).toBe(401);
    const contracts = myWithdrawalContractsSchema.parse(
      (await t.app.inject({ url: '/api/withdrawals/contracts', headers: { cookie } })).json(),
    );
    expect(contracts.contracts).toEqual([
      expect.objectContaining({ orderReference: number, withdrawable: true, withdrawnAt: null }),
    ]);

    const stranger = await signInByCode(t, 'not.the.member@example.com');
    const notTheirs = await post(
      t,
      '/api/withdrawals/preview',
      { orderReference: sessionId, language: 'it' },
      stranger,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect((notTheirs.json() as { message: string }).message).toMatch(/^Non abbiamo trovato/);

    const withdrawn = await post(
      t,
      '/api/withdrawals',
      { orderReference: sessionId, language: 'it', confirm: true },
      cookie,
    );
    expect(withdrawn.statusCode).toBe(201);
    const mail = await mailTo(t, email, /recesso/);
    expect(mail?.subject).toBe(`Abbiamo ricevuto il tuo recesso dall'ordine ${number}`);
    expect(mail?.text).toMatch(
      /Abbiamo ricevuto il tuo recesso dal contratto indicato qui sotto il \d{1,2} \w+ \d{4} alle ore \d{2}:\d{2} UTC\./,
    );
    expect(mail?.html).toContain('<html lang="it">');

    const after = myWithdrawalContractsSchema.parse(
      (await t.app.inject({ url: '/api/withdrawals/contracts', headers: { cookie } })).json(),
    );
    expect(after.contracts[0]).toMatchObject({
      withdrawable: false,
      withdrawnAt: expect.any(String),
    });
    const withdrawals = adminWithdrawalListSchema.parse(
      (await t.app.inject({ url: '/api/admin/withdrawals', headers: { cookie: admin } })).json(),
    );
    expect(withdrawals.items[0]).toMatchObject({ channel: 'account', language: 'it' });
  });

  it('keeps support’s list to administrators', async () => {
    expect((await t.app.inject({ url: '/api/admin/withdrawals' })).statusCode).toBe(401);
    const customer = await signInByCode(t, 'customer.list@example.com');
    expect(
      (await t.app.inject({ url: '/api/admin/withdrawals', headers: { cookie: customer } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the receipt e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('repeats the consent to immediate delivery and the loss of withdrawal for eBooks', async () => {
    await buyLocally(t.app, EBOOK, 'receipt.ebook@example.com');
    const receipt = await mailTo(t, 'receipt.ebook@example.com', /order and downloads/);
    expect(receipt?.text).toMatch(
      /You accepted the Terms and Conditions and asked for immediate delivery of your eBooks on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC, and you acknowledged that you thereby lose your right of withdrawal from their purchase\./,
    );
    expect(receipt?.text).not.toContain('/withdraw');
  });

  it('states the membership’s 14-day right and links the withdrawal function', async () => {
    await buyLocally(t.app, MEMBERSHIP, 'receipt.member@example.com');
    const receipt = await mailTo(t, 'receipt.member@example.com', /order and downloads/);
    expect(receipt?.text).toContain(
      'You may withdraw from your membership within 14 days of today without giving any reason, and we refund it in full: use "Withdraw from contract here" at the foot of every page of our website, or go to http://127.0.0.1:3000/withdraw',
    );
    expect(receipt?.html).toContain(
      '<a href="http://127.0.0.1:3000/withdraw">Withdraw from contract here</a>',
    );
    expect(receipt?.text).not.toContain('lose your right of withdrawal');
  });
});

describe('withdrawing through Stripe', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;

  beforeAll(async () => {
    t = await createStripeTestApp();
    fake = t.stripe;
  });
  afterAll(() => t.close());

  it('refunds the payment intent and cancels the subscription at once', async () => {
    const email = 'withdraw.stripe@example.com';
    const created = await requestCheckout(t.app, MEMBERSHIP);
    const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = fake.pay(sessionId, email);
    const delivered = await deliverStripeEvent(
      t.app,
      { id: `evt_${sessionId}`, type: 'checkout.session.completed', object: { id: sessionId } },
      TEST_WEBHOOK_SECRET,
    );
    expect(delivered.statusCode).toBe(200);

    const withdrawn = await withdrawAndConfirm(t, { orderReference: sessionId, email });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawalReceiptSchema.parse(withdrawn.json()).outcome).toBe('refunded');
    expect(fake.refunds).toEqual([
      expect.objectContaining({
        payment_intent: session.payment_intent,
        reason: 'requested_by_customer',
      }),
    ]);
    const cancel = fake.requests.find(
      (request) =>
        request.method === 'DELETE' && request.path === `/v1/subscriptions/${session.subscription}`,
    );
    expect(cancel?.idempotencyKey).toMatch(/^refund:rfd_[0-9a-f]{32}:cancel$/);
    expect(fake.subscriptions.get(session.subscription as string)?.status).toBe('canceled');

    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const row = await findWithdrawalOfOrder(t.app.db, order.id);
    expect(row?.refund_id).toBe(fake.refunds[0]?.id);
    const cookie = await signInByCode(t, email);
    expect(await membershipStatusOf(t, cookie)).toBe('canceled');

    // Stripe's own word on the refund and the cancellation, arriving later, changes nothing.
    const refunded = await deliverStripeEvent(
      t.app,
      {
        id: `evt_refund_${sessionId}`,
        type: 'charge.refunded',
        object: {
          id: 'ch_x',
          object: 'charge',
          refunded: true,
          payment_intent: session.payment_intent,
        },
      },
      TEST_WEBHOOK_SECRET,
    );
    expect(refunded.statusCode).toBe(200);
    expect(await membershipStatusOf(t, cookie)).toBe('canceled');
  });

  it('finds the payment of a subscription whose session names none on its latest invoice', async () => {
    const email = 'withdraw.invoice@example.com';
    const created = await requestCheckout(t.app, MEMBERSHIP);
    const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = fake.pay(sessionId, email);
    // Stripe's subscription sessions carry no payment intent: the invoice holds the payment.
    session.payment_intent = null;
    const subscription = fake.subscriptions.get(
      session.subscription as string,
    ) as unknown as Record<string, unknown>;
    subscription.latest_invoice = {
      id: 'in_fake',
      object: 'invoice',
      payments: {
        object: 'list',
        data: [
          { id: 'inpay_1', payment: { type: 'payment_intent', payment_intent: 'pi_of_invoice' } },
        ],
      },
    };
    await deliverStripeEvent(
      t.app,
      { id: `evt_${sessionId}`, type: 'checkout.session.completed', object: { id: sessionId } },
      TEST_WEBHOOK_SECRET,
    );
    const withdrawn = await withdrawAndConfirm(t, { orderReference: sessionId, email });
    expect(withdrawn.statusCode).toBe(200);
    expect(fake.refunds.at(-1)?.payment_intent).toBe('pi_of_invoice');
  });
});

describe('withdrawing while Stripe is unavailable', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createStripeTestApp({ ADMIN_EMAILS: 'support@example.com' });
    fake = t.stripe;
    admin = await signInByCode(t, 'support@example.com');
  });
  afterEach(() => fake.recover());
  afterAll(() => t.close());

  /** A membership paid at the fake Stripe and fulfilled by its webhook. */
  async function buyMembership(email: string) {
    const created = await requestCheckout(t.app, MEMBERSHIP);
    const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = fake.pay(sessionId, email);
    await deliverStripeEvent(
      t.app,
      { id: `evt_${sessionId}`, type: 'checkout.session.completed', object: { id: sessionId } },
      TEST_WEBHOOK_SECRET,
    );
    return { sessionId, session };
  }

  /** The service's retry, as its timer runs it once the confirming attempt's lease is over. */
  function retry() {
    const { config } = t.app;
    const provider = createStripeProvider(createStripeClient(config), config);
    return retryPendingRefunds(
      { db: t.app.db, config, provider },
      t.app.log,
      Date.now() + REFUND_LEASE_MS + 1000,
    );
  }

  const orderOf = (sessionId: string) =>
    t.app.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();

  /** The withdrawal of an order, with where its refund stands. */
  const withdrawalOf = async (sessionId: string) => {
    const withdrawal = await findWithdrawalOfOrder(t.app.db, (await orderOf(sessionId)).id);
    if (!withdrawal) throw new Error(`no withdrawal of ${sessionId}`);
    return withdrawal;
  };

  it('records, ends and acknowledges the withdrawal, then the retry refunds it once', async () => {
    const email = 'withdraw.outage@example.com';
    const { sessionId, session } = await buyMembership(email);
    fake.failWith(503, { type: 'api_error', message: 'Stripe is down for maintenance' });

    const before = Date.now();
    const withdrawn = await withdrawAndConfirm(t, { orderReference: sessionId, email });
    expect(withdrawn.statusCode).toBe(200);
    const receipt = withdrawalReceiptSchema.parse(withdrawn.json());
    expect(receipt).toMatchObject({ outcome: 'refund-pending', amountRefunded: 999 });
    expect(Date.parse(receipt.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(fake.refunds).toEqual([]);
    expect(await withdrawalOf(sessionId)).toMatchObject({
      outcome: 'refund-pending',
      refund_id: null,
      refund_error: expect.stringMatching(/^provider unavailable: /),
    });
    expect((await orderOf(sessionId)).status).toBe('paid');
    expect(await membershipStatusOf(t, await signInByCode(t, email))).toBe('canceled');

    const mail = await mailTo(t, email, /^We received your withdrawal/);
    expect(mail?.text).toContain('We received your withdrawal from the contract below on ');
    expect(mail?.text).toContain(
      'We are refunding $9.99 to your original means of payment: the refund follows within 14 days',
    );
    const again = await post(t, '/api/withdrawals', {
      orderReference: sessionId,
      email,
      confirm: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: 'already-withdrawn', at: receipt.receivedAt });

    // Still down: the retry leaves it pending.
    expect(await retry()).toBe(0);
    expect((await withdrawalOf(sessionId)).outcome).toBe('refund-pending');

    fake.recover();
    // Two retries at once (two replicas) still make one refund.
    const passes = await Promise.all([retry(), retry()]);
    expect(passes[0] + passes[1]).toBe(1);
    expect(await retry()).toBe(0);
    expect(fake.refunds).toEqual([
      expect.objectContaining({ payment_intent: session.payment_intent }),
    ]);
    expect(fake.subscriptions.get(session.subscription as string)?.status).toBe('canceled');
    const refundKeys = new Set(
      fake.requests
        .filter((request) => request.method === 'POST' && request.path === '/v1/refunds')
        .map((request) => request.idempotencyKey),
    );
    expect([...refundKeys]).toEqual([expect.stringMatching(/^refund:rfd_[0-9a-f]{32}:refund$/)]);

    const order = await orderOf(sessionId);
    expect(order.status).toBe('refunded');
    expect(await withdrawalOf(sessionId)).toMatchObject({
      outcome: 'refunded',
      refund_id: fake.refunds[0]?.id,
      refund_error: null,
    });
    const detail = adminOrderDetailSchema.parse(
      (
        await t.app.inject({ url: `/api/admin/orders/${order.id}`, headers: { cookie: admin } })
      ).json(),
    );
    expect(detail.status).toBe('refunded');
    // The withdrawal's refund is the order's one refund record, asked by the buyer.
    expect(detail.refunds).toEqual([
      expect.objectContaining({
        reason: 'withdrawal',
        status: 'refunded',
        actor: email,
        amount: 999,
        error: null,
      }),
    ]);
    expect(detail.audit.filter((entry) => entry.action === 'order.withdrawal-refund')).toEqual([
      expect.objectContaining({
        after: { status: 'refunded', refund: 'refunded', refundId: fake.refunds[0]?.id },
      }),
    ]);
    const list = adminWithdrawalListSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/withdrawals?orderId=${order.id}`,
          headers: { cookie: admin },
        })
      ).json(),
    );
    expect(list.items[0]).toMatchObject({ outcome: 'refunded', refundId: fake.refunds[0]?.id });
    // The acknowledgement went once, while Stripe was down; the refund sends nothing more.
    await t.app.mailWorker.runOnce();
    expect(
      t.mail.filter(
        (sent) => sent.to === email && /^We received your withdrawal/.test(sent.subject),
      ),
    ).toHaveLength(1);
  });

  it('records a payment refunded by hand meanwhile as refunded, with that refund', async () => {
    const email = 'withdraw.byhand@example.com';
    const { sessionId, session } = await buyMembership(email);
    fake.failWith(500, { type: 'api_error', message: 'An unknown error occurred' });
    const withdrawn = await withdrawAndConfirm(t, { orderReference: sessionId, email });
    expect(withdrawalReceiptSchema.parse(withdrawn.json()).outcome).toBe('refund-pending');
    fake.recover();
    // Support refunded it in Stripe's Dashboard before the retry came.
    fake.refunds.push({
      id: 're_by_hand',
      object: 'refund',
      payment_intent: session.payment_intent as string,
      amount: null,
      reason: null,
      status: 'succeeded',
    });
    const made = fake.refunds.length;

    expect(await retry()).toBe(1);
    expect(fake.refunds).toHaveLength(made);
    expect(await withdrawalOf(sessionId)).toMatchObject({
      outcome: 'refunded',
      refund_id: 're_by_hand',
    });
    expect((await orderOf(sessionId)).status).toBe('refunded');
  });

  it('asks Stripe again for pending refunds when the service starts', async () => {
    const email = 'withdraw.restart@example.com';
    const { sessionId } = await buyMembership(email);
    fake.failWith(503, { type: 'api_error', message: 'Stripe is down for maintenance' });
    await withdrawAndConfirm(t, { orderReference: sessionId, email });
    fake.recover();
    // The confirming attempt's lease is over, as after a restart some minutes later.
    await t.app.db
      .updateTable('order_refunds')
      .set({ attempted_at: new Date(Date.now() - REFUND_LEASE_MS - 1000).toISOString() })
      .where('order_id', '=', (await orderOf(sessionId)).id)
      .where('reason', '=', 'withdrawal')
      .execute();

    const server = await buildApp(t.database.config, {
      runJobs: true,
      sendMail: async () => {},
    });
    try {
      await server.ready();
      for (let tries = 0; tries < 50; tries += 1) {
        if ((await withdrawalOf(sessionId)).outcome === 'refunded') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await server.close();
    }
    expect((await withdrawalOf(sessionId)).outcome).toBe('refunded');
    expect((await orderOf(sessionId)).status).toBe('refunded');
  });

  it('keeps a refund Stripe refuses pending for support, with Stripe’s words, and still acknowledges', async () => {
    const email = 'withdraw.refused@example.com';
    const { sessionId } = await buyMembership(email);
    fake.failWith(400, {
      type: 'invalid_request_error',
      message: 'This charge is disputed and cannot be refunded.',
    });
    const withdrawn = await withdrawAndConfirm(t, { orderReference: sessionId, email });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawalReceiptSchema.parse(withdrawn.json()).outcome).toBe('refund-pending');
    const order = await orderOf(sessionId);
    const list = adminWithdrawalListSchema.parse(
      (
        await t.app.inject({
          url: `/api/admin/withdrawals?orderId=${order.id}`,
          headers: { cookie: admin },
        })
      ).json(),
    );
    expect(list.items[0]).toMatchObject({
      outcome: 'refund-pending',
      refundId: null,
      refundError: 'provider refused: This charge is disputed and cannot be refunded.',
      refundAttemptedAt: expect.any(String),
    });
    expect(order.status).toBe('paid');
    expect(await mailTo(t, email, /withdrawal/)).toBeDefined();
  });
});
