/**
 * Migration 0025 (one refund record): what the shop held before it, written the new way, with
 * the owner's day sums unmoved; and back again.
 */
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createTestDatabase, type TestDatabase } from '../test-support/database.ts';
import { openDatabase } from './connect.ts';
import { migrationProvider } from './migrations/index.ts';

const BEFORE = '0024-downloads-own-their-records';
const AT = '2026-10-01T10:00:00.000Z';

let database: TestDatabase;
let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the tables as each migration leaves them
let migrator: Migrator;

beforeAll(async () => {
  database = await createTestDatabase({}, { empty: true });
  const { config } = database;
  db = openDatabase(
    config.DATABASE_URL ? { postgresUrl: config.DATABASE_URL } : { sqliteFile: config.sqliteFile },
  ) as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
  migrator = new Migrator({ db, provider: migrationProvider });
  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

/** An order of two lines (1000 + 500, 150 of tax) with a file each. */
async function order(id: string, status: 'paid' | 'refunded', paymentIntent: string) {
  await db
    .insertInto('orders')
    .values({
      id,
      checkout_session_id: `cs_${id}`,
      number: `ABA-${id.slice(-4).toUpperCase()}-0000`,
      email: `${id}@example.com`,
      amount_total: 1650,
      amount_tax: 150,
      currency: 'usd',
      payment_intent_id: paymentIntent,
      status,
      created_at: AT,
    })
    .execute();
  await db
    .insertInto('order_lines')
    .values(
      [1000, 500].map((unit, index) => ({
        id: `${id}_line${index}`,
        order_id: id,
        product_id: `product-${index}`,
        product_name: `Product ${index}`,
        product_type: index === 0 ? 'subscription' : 'digital',
        quantity: 1,
        unit_amount: unit,
      })),
    )
    .execute();
  await db
    .insertInto('entitlements')
    .values({
      id: `${id}_file`,
      order_id: id,
      product_id: 'product-1',
      file_key: 'book.pdf',
      revoked_at: status === 'refunded' ? AT : null,
      created_at: AT,
    })
    .execute();
}

async function withdrawal(orderId: string, outcome: string, extra: Record<string, unknown>) {
  await db
    .insertInto('withdrawals')
    .values({
      id: `wdr_${orderId}`,
      order_id: orderId,
      checkout_session_id: `cs_${orderId}`,
      order_number: 'ABA-0000-0000',
      email: `${orderId}@example.com`,
      product_name: 'Product 0',
      received_at: AT,
      confirmed_at: outcome === 'unconfirmed' ? null : AT,
      channel: 'reference',
      language: 'en',
      outcome,
      amount_refunded: 1650,
      currency: 'usd',
      refund_id: null,
      refund_attempted_at: null,
      refund_error: null,
      ...extra,
    })
    .execute();
}

const daySums = () =>
  db.selectFrom('sales_days').selectAll().orderBy('currency').orderBy('day').execute();

it('writes withdrawals’ refunds and refunds made at Stripe as refund records', async () => {
  await order('ord_withdrawn', 'refunded', 'pi_withdrawn');
  await withdrawal('ord_withdrawn', 'refunded', { refund_id: 're_withdrawn' });
  await order('ord_pending', 'paid', 'pi_pending');
  await withdrawal('ord_pending', 'refund-pending', {
    refund_attempted_at: AT,
    refund_error: 'provider unavailable: down',
  });
  await order('ord_unconfirmed', 'paid', 'pi_unconfirmed');
  await withdrawal('ord_unconfirmed', 'unconfirmed', {});
  await order('ord_dashboard', 'refunded', 'pi_dashboard');
  const sums = await daySums();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();

  const refunds = await db
    .selectFrom('order_refunds')
    .select([
      'order_id',
      'reason',
      'status',
      'amount',
      'tax',
      'actor',
      'provider_refund_id',
      'error',
      'idempotency_key',
      'end_subscription',
    ])
    .orderBy('order_id')
    .execute();
  expect(refunds).toEqual([
    expect.objectContaining({
      order_id: 'ord_dashboard',
      reason: 'stripe',
      status: 'refunded',
      amount: 1650,
      tax: 150,
      actor: 'stripe',
      idempotency_key: null,
    }),
    expect.objectContaining({
      order_id: 'ord_pending',
      reason: 'withdrawal',
      status: 'pending',
      amount: 1650,
      error: 'provider unavailable: down',
      // The key it was asked with before, so the provider still makes it once.
      idempotency_key: 'withdrawal:ord_pending',
      end_subscription: 1,
    }),
    expect.objectContaining({
      order_id: 'ord_withdrawn',
      reason: 'withdrawal',
      status: 'refunded',
      actor: 'ord_withdrawn@example.com',
      provider_refund_id: 're_withdrawn',
    }),
  ]);
  const claims = await db
    .selectFrom('order_refund_lines')
    .innerJoin('order_refunds', 'order_refunds.id', 'order_refund_lines.refund_id')
    .select(['order_refunds.order_id', 'order_refund_lines.line_id'])
    .orderBy('order_refund_lines.line_id')
    .execute();
  expect(claims.map((claim) => claim.line_id)).toEqual([
    'ord_dashboard_line0',
    'ord_dashboard_line1',
    'ord_pending_line0',
    'ord_pending_line1',
    'ord_withdrawn_line0',
    'ord_withdrawn_line1',
  ]);

  // A refunded order reads as a refund reads; the day sums do not move.
  const refunded = await db
    .selectFrom('orders')
    .select(['id', 'amount_refunded', 'tax_refunded'])
    .where('status', '=', 'refunded')
    .orderBy('id')
    .execute();
  expect(refunded).toEqual([
    { id: 'ord_dashboard', amount_refunded: 1650, tax_refunded: 150 },
    { id: 'ord_withdrawn', amount_refunded: 1650, tax_refunded: 150 },
  ]);
  const unrefundedLines = await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', 'in', ['ord_dashboard', 'ord_withdrawn'])
    .where('refunded_at', 'is', null)
    .execute();
  expect(unrefundedLines).toEqual([]);
  const file = await db
    .selectFrom('entitlements')
    .select(['revoked_at', 'refunded_at'])
    .where('id', '=', 'ord_dashboard_file')
    .executeTakeFirstOrThrow();
  expect(file).toEqual({ revoked_at: AT, refunded_at: AT });
  expect(await daySums()).toEqual(sums);

  // The withdrawal keeps what was received; its refund is read from the record.
  const columns = await sql<{ name: string }>`select * from withdrawals limit 1`.execute(db);
  expect(Object.keys(columns.rows[0] ?? {})).not.toContain('outcome');

  expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
  const back = await db
    .selectFrom('withdrawals')
    .select(['order_id', 'outcome', 'refund_id', 'refund_error'])
    .orderBy('order_id')
    .execute();
  expect(back).toEqual([
    {
      order_id: 'ord_pending',
      outcome: 'refund-pending',
      refund_id: null,
      refund_error: 'provider unavailable: down',
    },
    { order_id: 'ord_unconfirmed', outcome: 'unconfirmed', refund_id: null, refund_error: null },
    {
      order_id: 'ord_withdrawn',
      outcome: 'refunded',
      refund_id: 're_withdrawn',
      refund_error: null,
    },
  ]);
  expect(await db.selectFrom('order_refunds').select('id').execute()).toEqual([]);
});
