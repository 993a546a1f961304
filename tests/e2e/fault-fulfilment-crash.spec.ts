/**
 * Faults (issue 8): the commerce service is killed (SIGKILL) in the middle of fulfilling a
 * Stripe payment, then started again. Stripe never got an answer, so it delivers the event
 * again; the order is then completed exactly once: one order, each file entitled once, one
 * confirmation e-mail. The Stripe API is the service's own fake, run by the test.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import {
  signedStripeEvent,
  startFakeStripe,
  type FakeSession,
  type FakeStripe,
} from '@aba-shop/test-kit/fake-stripe';
import {
  createPostgresDatabase,
  openCommerceDatabase,
  postgresServer,
  type CommerceDatabase,
} from '../support/commerce-database.js';
import { countMailTo } from '../support/mailbox.js';
import { startCommerceService, type CommerceService } from '../support/stack.js';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const WEBHOOK_SECRET = 'whsec_fault_tests_webhook_signing_secret';
/** A single eBook: its PDF and its MP3 are the two files the order entitles. */
const PRODUCT_ID = 'ebook-aba-for-parents';
const FILES_PER_ORDER = 2;

interface StripeEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: 'sk_test_fault_tests',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

/** Delivers a signed event as Stripe does; rejects when the service drops the connection. */
function deliver(commerce: CommerceService, event: StripeEvent) {
  const { payload, signature } = signedStripeEvent(event, WEBHOOK_SECRET);
  return fetch(`${commerce.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** A delivery that the crash will cut: what Stripe saw, settled at once so nothing goes unhandled. */
const deliverUnanswered = (commerce: CommerceService, event: StripeEvent) =>
  deliver(commerce, event).then(
    (response) => `answered ${response.status}`,
    () => 'connection lost',
  );

/** A Stripe Checkout Session for one eBook, created by the shop and paid by this buyer. */
async function paidSession(commerce: CommerceService, fake: FakeStripe, email: string) {
  const created = await fetch(`${commerce.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      products: [{ productId: PRODUCT_ID, quantity: 1 }],
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    }),
  });
  expect(created.status).toBe(200);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };
  return fake.pay(checkoutUrl.split('/').pop() as string, email);
}

const completed = (session: FakeSession, id: string): StripeEvent => ({
  id,
  type: 'checkout.session.completed',
  object: session as unknown as Record<string, unknown>,
});

/** What one session left in the database: orders, entitlements (and distinct files), mail. */
async function fulfilmentCounts(db: CommerceDatabase, sessionId: string, email: string) {
  const ofOrder =
    'from entitlements e join orders o on o.id = e.order_id where o.checkout_session_id = ?';
  return {
    orders: await db.count('select count(*) from orders where checkout_session_id = ?', sessionId),
    entitlements: await db.count(`select count(*) ${ofOrder}`, sessionId),
    files: await db.count(`select count(distinct e.file_key) ${ofOrder}`, sessionId),
    queuedMail: await db.count('select count(*) from mail_outbox where to_address = ?', email),
  };
}

/**
 * After the retry: one order with each file once, one e-mail queued and one sent, the event
 * recorded; replays of the event, and Stripe's second event for the same payment, change
 * nothing.
 */
async function expectFulfilledOnce(
  commerce: CommerceService,
  db: CommerceDatabase,
  event: StripeEvent,
  email: string,
) {
  const sessionId = (event.object as { id: string }).id;
  const once = { orders: 1, entitlements: FILES_PER_ORDER, files: FILES_PER_ORDER, queuedMail: 1 };
  expect(await fulfilmentCounts(db, sessionId, email)).toEqual(once);
  await expect.poll(() => countMailTo(email, commerce.dataDir)).toBe(1);

  const replay = await deliver(commerce, event);
  expect(await replay.json()).toEqual({ received: true, duplicate: true });
  const asyncSucceeded = await deliver(commerce, {
    ...event,
    id: `${event.id}_async`,
    type: 'checkout.session.async_payment_succeeded',
  });
  expect(asyncSucceeded.status).toBe(200);
  expect(await fulfilmentCounts(db, sessionId, email)).toEqual(once);
  expect(await db.count('select count(*) from webhook_events where id = ?', event.id)).toBe(1);
  // The mail worker polls every second: a second message would have been written by now.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(countMailTo(email, commerce.dataDir)).toBe(1);
}

/** Starts the killed service again and delivers the event as Stripe's retry; logs the times. */
async function restartAndRetry(commerce: CommerceService, event: StripeEvent, label: string) {
  const restarting = Date.now();
  await commerce.start();
  const restartMs = Date.now() - restarting;
  const retrying = Date.now();
  const retry = await deliver(commerce, event);
  expect(retry.status).toBe(200);
  expect(await retry.json()).toEqual({ received: true });
  const retryMs = Date.now() - retrying;
  console.log(
    `[faults] ${label}: restart ${restartMs} ms, fulfilled on the retry in ${retryMs} ms`,
  );
}

test('killed while fulfilment waits for Stripe, the order completes once on the webhook retry', async () => {
  const fake = await startFakeStripe();
  const commerce = await startCommerceService({ env: stripeEnv(fake) });
  let db: CommerceDatabase | undefined;
  try {
    const email = 'crash.asking.stripe@example.com';
    const session = await paidSession(commerce, fake, email);
    const event = completed(session, 'evt_fault_crash_asking_stripe');

    // Fulfilment asks Stripe whether the session is paid; the answer never comes.
    const held = fake.hold('GET', `/v1/checkout/sessions/${session.id}`);
    const firstDelivery = deliverUnanswered(commerce, event);
    await held.arrived;
    await commerce.stop('SIGKILL');
    expect(await firstDelivery).toBe('connection lost');
    held.release();

    db = await openCommerceDatabase({ sqliteFile: path.join(commerce.dataDir, 'commerce.sqlite') });
    expect(await fulfilmentCounts(db, session.id, email)).toEqual({
      orders: 0,
      entitlements: 0,
      files: 0,
      queuedMail: 0,
    });
    expect(await db.count('select count(*) from webhook_events where id = ?', event.id)).toBe(0);

    await restartAndRetry(commerce, event, 'killed while asking Stripe (SQLite)');
    await expectFulfilledOnce(commerce, db, event, email);
  } finally {
    await db?.close();
    await commerce.close();
    await fake.close();
  }
});

test('killed inside the fulfilment transaction (PostgreSQL), nothing is half-written and the retry completes it once', async () => {
  test.skip(!postgresServer, 'Needs a PostgreSQL server: set TEST_DATABASE_URL.');
  const database = await createPostgresDatabase();
  const fake = await startFakeStripe();
  const commerce = await startCommerceService({
    env: { ...stripeEnv(fake), DATABASE_URL: database.url() },
  });
  const blocker = new pg.Client({ connectionString: database.url() });
  let db: CommerceDatabase | undefined;
  try {
    await blocker.connect();
    db = await openCommerceDatabase({ postgresUrl: database.url() });
    const reader = db;
    const email = 'crash.in.transaction@example.com';
    const session = await paidSession(commerce, fake, email);
    const event = completed(session, 'evt_fault_crash_in_transaction');

    // The confirmation e-mail is the last write of the transaction: holding its table makes
    // fulfilment wait there, with the order, its lines and entitlements already written.
    await blocker.query('begin');
    await blocker.query('lock table mail_outbox in share mode');
    const firstDelivery = deliverUnanswered(commerce, event);
    let backend = 0;
    await expect
      .poll(async () => {
        // Asked outside the blocking transaction, which sees one snapshot of the activity.
        const [waiting] = await reader.query<{ pid: number }>(
          `select pid from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'
             and query like 'insert into "mail_outbox"%'`,
        );
        backend = waiting?.pid ?? 0;
        return backend;
      })
      .toBeGreaterThan(0);
    const written = await reader.query<{ relname: string }>(
      `select c.relname from pg_locks l join pg_class c on c.oid = l.relation
       where l.pid = ? and l.mode = 'RowExclusiveLock' and l.granted
         and c.relname in ('orders', 'order_lines', 'entitlements', 'checkout_sessions')`,
      backend,
    );
    expect(written.map(({ relname }) => relname).sort()).toEqual([
      'checkout_sessions',
      'entitlements',
      'order_lines',
      'orders',
    ]);

    await commerce.stop('SIGKILL');
    expect(await firstDelivery).toBe('connection lost');
    // Without its client, PostgreSQL rolls the transaction back once the lock lets it go on.
    await blocker.query('rollback');
    await expect
      .poll(() => reader.count('select count(*) from pg_stat_activity where pid = ?', backend))
      .toBe(0);
    expect(await fulfilmentCounts(reader, session.id, email)).toEqual({
      orders: 0,
      entitlements: 0,
      files: 0,
      queuedMail: 0,
    });

    await restartAndRetry(commerce, event, 'killed inside the transaction (PostgreSQL)');
    await expectFulfilledOnce(commerce, reader, event, email);
  } finally {
    await blocker.end().catch(() => {});
    await db?.close();
    await commerce.close();
    await fake.close();
    await database.drop();
  }
});
