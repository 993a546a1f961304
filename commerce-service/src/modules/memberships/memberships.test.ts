/**
 * The membership's whole life (docs/product.md#the-membership): Stripe's subscription and invoice
 * events, in any order and replayed, keep the record's status; the member manages it through
 * Stripe's customer portal or, with the test checkout, the shop's own page.
 */
import {
  buyLocally,
  createStripeTestApp,
  createTestApp,
  pathOf,
  requestCheckout,
  signInByCode,
  TEST_WEBHOOK_SECRET,
  type StripeTestApp,
  type TestApp,
} from '../../test-support/app.ts';
import { deliverStripeEvent, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { membershipStateOf } from './service.ts';

const MEMBERSHIP = [{ productId: 'aba-parent-support-monthly', quantity: 1 }];

describe('a membership bought through Stripe', () => {
  let fake: FakeStripe;
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await createStripeTestApp();
    fake = t.stripe;
  });
  afterAll(() => t.close());

  let eventCounter = 0;
  async function deliver(
    type: string,
    object: Record<string, unknown>,
    created: number,
    id = `evt_membership_${(eventCounter += 1)}`,
  ) {
    const response = await deliverStripeEvent(
      t.app,
      { id, type, object, created },
      TEST_WEBHOOK_SECRET,
    );
    expect(response.statusCode).toBe(200);
    return response.json() as { duplicate?: true };
  }

  /** Buys the membership and has Stripe say it is paid; returns its subscription id. */
  async function buyMembership(email: string) {
    const created = await requestCheckout(t.app, MEMBERSHIP);
    const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = fake.pay(sessionId, email);
    await deliver('checkout.session.completed', { id: sessionId }, Math.floor(Date.now() / 1000));
    return {
      sessionId,
      subscriptionId: session.subscription as string,
      customer: session.customer as string,
    };
  }

  async function membershipOf(email: string, cookie?: string) {
    const response = await t.app.inject({
      url: '/api/me/purchases',
      headers: { cookie: cookie ?? (await signInByCode(t, email)) },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { subscriptions: Record<string, unknown>[] }).subscriptions[0];
  }

  const subscription = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'subscription',
    customer: 'cus_x',
    status,
    cancel_at_period_end: false,
    items: { object: 'list', data: [{ current_period_end: 1_900_000_000 }] },
    ...extra,
  });
  const invoice = (subscriptionId: string, periodEnd = 1_900_000_000) => ({
    object: 'invoice',
    parent: { subscription_details: { subscription: subscriptionId } },
    lines: { data: [{ period: { end: periodEnd } }] },
  });

  it('is active with its period end once paid, as the member sees it', async () => {
    const { subscriptionId } = await buyMembership('member.stripe@example.com');
    expect(subscriptionId).toMatch(/^sub_/);
    const membership = await membershipOf('member.stripe@example.com');
    expect(membership).toMatchObject({
      email: 'member.stripe@example.com',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(
        (fake.subscriptions.get(subscriptionId)?.items.data[0]?.current_period_end ?? 0) * 1000,
      ).toISOString(),
    });
  });

  it('tells the member kindly when a renewal payment fails, once for each invoice however often it is retried', async () => {
    const email = 'member.card.expired@example.com';
    const { subscriptionId } = await buyMembership(email);
    const now = Math.floor(Date.now() / 1000);
    const failed = { ...invoice(subscriptionId), id: 'in_renewal_failed' };
    await deliver('invoice.payment_failed', failed, now + 10);
    await deliver('invoice.payment_failed', failed, now + 20);
    await t.app.mailWorker.runOnce();
    const told = t.mail.filter(
      (mail) => mail.to === email && mail.subject === 'We could not take your membership payment',
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('You keep your membership while we try again');
    expect(told[0]?.text).toContain('/account');
    // Not a message to unsubscribe from: it is about the contract.
    expect(told[0]?.listUnsubscribe).toBeNull();
    await deliver('invoice.payment_failed', { ...failed, id: 'in_next_month' }, now + 30);
    await t.app.mailWorker.runOnce();
    expect(
      t.mail.filter(
        (mail) => mail.to === email && mail.subject === 'We could not take your membership payment',
      ),
    ).toHaveLength(2);
  });

  it('follows a failed payment, a renewal and a cancellation, in the order Stripe made them', async () => {
    const { subscriptionId } = await buyMembership('member.life@example.com');
    const cookie = await signInByCode(t, 'member.life@example.com');
    const now = Math.floor(Date.now() / 1000);

    await deliver('invoice.payment_failed', invoice(subscriptionId), now + 10);
    expect(await membershipOf('', cookie)).toMatchObject({ status: 'past_due' });

    await deliver('invoice.paid', invoice(subscriptionId, 1_950_000_000), now + 20);
    expect(await membershipOf('', cookie)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(1_950_000_000 * 1000).toISOString(),
    });

    await deliver(
      'customer.subscription.updated',
      subscription(subscriptionId, 'active', { cancel_at_period_end: true }),
      now + 30,
    );
    expect(await membershipOf('', cookie)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });

    await deliver(
      'customer.subscription.deleted',
      subscription(subscriptionId, 'canceled'),
      now + 40,
    );
    expect(await membershipOf('', cookie)).toMatchObject({ status: 'canceled' });
  });

  it('never lets an older event overwrite a newer state, nor a replay count twice', async () => {
    const { subscriptionId } = await buyMembership('member.order@example.com');
    const cookie = await signInByCode(t, 'member.order@example.com');
    const now = Math.floor(Date.now() / 1000);

    // Stripe made the failure after the renewal, but delivers it first.
    await deliver('invoice.payment_failed', invoice(subscriptionId), now + 20, 'evt_late_fail');
    await deliver('invoice.paid', invoice(subscriptionId), now + 10);
    expect(await membershipOf('', cookie)).toMatchObject({ status: 'past_due' });

    // The same failure again is acknowledged as a duplicate and changes nothing.
    expect(
      await deliver('invoice.payment_failed', invoice(subscriptionId), now + 20, 'evt_late_fail'),
    ).toEqual({
      received: true,
      duplicate: true,
    });

    // A cancellation is final: a delayed "active" from before it does not bring it back.
    await deliver(
      'customer.subscription.deleted',
      subscription(subscriptionId, 'canceled'),
      now + 30,
    );
    await deliver(
      'customer.subscription.updated',
      subscription(subscriptionId, 'active'),
      now + 25,
    );
    await deliver('invoice.paid', invoice(subscriptionId), now + 50);
    expect(await membershipOf('', cookie)).toMatchObject({ status: 'canceled' });
  });

  it('keeps what Stripe said before the checkout completed, and the newer word wins after', async () => {
    const created = await requestCheckout(t.app, MEMBERSHIP);
    const sessionId = (created.json() as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = fake.pay(sessionId, 'member.early@example.com');
    const subscriptionId = session.subscription as string;
    const later = Math.floor(Date.now() / 1000) + 60;
    // The subscription's update arrives before the checkout's completion (Stripe does not order them).
    await deliver(
      'customer.subscription.updated',
      subscription(subscriptionId, 'past_due', { cancel_at_period_end: true }),
      later,
    );
    await deliver('checkout.session.completed', { id: sessionId }, later - 60);
    expect(await membershipOf('member.early@example.com')).toMatchObject({
      status: 'past_due',
      cancelAtPeriodEnd: true,
    });
  });

  it('refuses a subscription event without a subscription', async () => {
    const response = await deliverStripeEvent(
      t.app,
      {
        id: 'evt_bad_subscription',
        type: 'customer.subscription.updated',
        object: { id: 'sub_x' },
      },
      TEST_WEBHOOK_SECRET,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Malformed Stripe event: data.object is not a subscription',
    });
  });

  it("opens Stripe's customer portal for the member's customer, returning to /account", async () => {
    const { customer } = await buyMembership('member.portal@example.com');
    const before = fake.requests.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/membership/portal',
      headers: { cookie: await signInByCode(t, 'member.portal@example.com') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: `https://billing.stripe.test/p/session/${customer}`,
    });
    const sent = fake.requests
      .slice(before)
      .find((request) => request.path === '/v1/billing_portal/sessions');
    expect(sent?.fields).toEqual({ customer, return_url: 'http://127.0.0.1:3000/account' });
  });

  it('answers 401 signed out and 404 to someone without a membership', async () => {
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/me/membership/portal' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: 'Not signed in' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/me/membership/portal',
      headers: { cookie: await signInByCode(t, 'no.membership@example.com') },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'No membership was found for this account' });
  });
});

describe('a membership bought through the test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is active for a month, and its page cancels it at the period end and undoes that', async () => {
    const email = 'member.local@example.com';
    await buyLocally(t.app, MEMBERSHIP, email);
    const cookie = await signInByCode(t, email);
    const purchases = async () =>
      (
        (await t.app.inject({ url: '/api/me/purchases', headers: { cookie } })).json() as {
          subscriptions: { status: string; currentPeriodEnd: string; cancelAtPeriodEnd: boolean }[];
        }
      ).subscriptions[0];

    const bought = await purchases();
    expect(bought).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const days = (Date.parse(bought?.currentPeriodEnd ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const portal = await t.app.inject({
      method: 'POST',
      url: '/api/me/membership/portal',
      headers: { cookie },
    });
    expect(portal.statusCode).toBe(200);
    const { url } = portal.json() as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/membership\/local\//);

    const page = await t.app.inject({ url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your membership is active and renews on');
    expect(page.body).toContain('Cancel membership');

    const cancelled = await t.app.inject({ method: 'POST', url: `${pathOf(url)}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('it stays active until');
    expect(await purchases()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const kept = await t.app.inject({ method: 'POST', url: `${pathOf(url)}/resume` });
    expect(kept.body).toContain('Cancel membership');
    expect(await purchases()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('refuses a forged or altered portal link with a readable page', async () => {
    const url = '/api/membership/local/eyJwIjoibWVtYmVyc2hpcC1wb3J0YWwifQ.AAAA';
    const forged = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(forged.statusCode).toBe(404);
    expect(forged.headers['content-type']).toMatch(/^text\/html/);
    expect(forged.body).toContain('This membership link is not valid or has expired');
    const api = await t.app.inject({ url });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      message:
        'This membership link is not valid or has expired. Open it again from your account page.',
    });
  });
});

describe('membershipStateOf', () => {
  const day = 86_400_000;
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    [
      'a record made by hand',
      { status: null, current_period_end: null, cancel_at_period_end: null },
      'active',
    ],
    [
      'an active membership',
      {
        status: 'active',
        current_period_end: new Date(now + day).toISOString(),
        cancel_at_period_end: 0,
      },
      'active',
    ],
    [
      'a cancelled one before its period ends',
      {
        status: 'active',
        current_period_end: new Date(now + day).toISOString(),
        cancel_at_period_end: 1,
      },
      'active',
    ],
    [
      'a cancelled one once its period has ended',
      {
        status: 'active',
        current_period_end: new Date(now - day).toISOString(),
        cancel_at_period_end: 1,
      },
      'canceled',
    ],
    [
      'one whose payment failed',
      { status: 'past_due', current_period_end: null, cancel_at_period_end: 0 },
      'past_due',
    ],
  ] as const)('says %s is %s', (_name, row, status) => {
    expect(membershipStateOf(row, now).status).toBe(status);
  });
});
