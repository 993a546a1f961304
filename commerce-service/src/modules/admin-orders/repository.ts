/**
 * The support console's SQL over the orders' tables: a page of orders by one exact search,
 * their lines and entitlements, and revoking or restoring an order's downloads
 * (docs/adr/0019-support-console-paging-search-and-audit.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { Database, OrderRefundTable } from '../../db/schema.ts';
import { newestFirstPage, type PagePosition } from '../../page-cursor.ts';

/** What a search names: one buyer's address, one order by its id or number, or one checkout session. */
export type OrderSearch =
  | { by: 'email'; email: string }
  | { by: 'order'; orderId: string }
  | { by: 'number'; number: string }
  | { by: 'session'; sessionId: string };

/**
 * Orders newest first, those of one search if given, after a position if given; one more than
 * `limit` to tell whether a next page exists. Each search is one equality on an indexed column
 * (migration 0006), so a page costs the same on 100 orders or 100,000. The query itself, so that
 * the bench can show its plan (bench/support-console.mjs).
 */
export function orderPageQuery(
  db: Kysely<Database>,
  {
    search,
    after,
    limit,
  }: { search: OrderSearch | null; after: PagePosition<string> | null; limit: number },
) {
  let query = db.selectFrom('orders').selectAll();
  if (search?.by === 'email') query = query.where('email', '=', search.email);
  if (search?.by === 'order') query = query.where('id', '=', search.orderId);
  if (search?.by === 'number') query = query.where('number', '=', search.number);
  if (search?.by === 'session') query = query.where('checkout_session_id', '=', search.sessionId);
  return newestFirstPage(query, { createdAt: 'created_at', id: 'id' }, { after, limit });
}

export function findOrder(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export function listLinesOfOrders(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('product_name')
    .execute();
}

/** Every entitlement of these orders, revoked ones too: support sees what was granted. */
export function listEntitlementsOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: string[],
) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('entitlements')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('file_key')
    .execute();
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes a console refund, pending, and claims its lines: each line once, so a line another
 * refund holds (two administrators at once included) is not claimed again. Returns how many of
 * the lines it claimed; fewer than asked means the caller must roll back.
 */
export async function insertRefundClaim(
  trx: Transaction<Database>,
  refund: Insertable<OrderRefundTable>,
  lineIds: string[],
): Promise<number> {
  await trx.insertInto('order_refunds').values(refund).execute();
  const claimed = await trx
    .insertInto('order_refund_lines')
    .values(lineIds.map((lineId) => ({ line_id: lineId, refund_id: refund.id })))
    .onConflict((conflict) => conflict.column('line_id').doNothing())
    .returning('line_id')
    .execute();
  return claimed.length;
}

/** Every console refund of these orders, newest first, with the lines each holds (none once failed). */
export async function listRefundsOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const refunds = await db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const lines = refunds.length
    ? await db
        .selectFrom('order_refund_lines')
        .selectAll()
        .where(
          'refund_id',
          'in',
          refunds.map((refund) => refund.id),
        )
        .execute()
    : [];
  return refunds.map((refund) => ({
    ...refund,
    lineIds: lines.filter((line) => line.refund_id === refund.id).map((line) => line.line_id),
  }));
}

/** The lines a pending or made refund holds, of one order. */
export async function listClaimedLineIds(db: Db, orderId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('order_refund_lines')
    .innerJoin('order_refunds', 'order_refunds.id', 'order_refund_lines.refund_id')
    .select('order_refund_lines.line_id')
    .where('order_refunds.order_id', '=', orderId)
    .execute();
  return new Set(rows.map((row) => row.line_id));
}

/**
 * Takes a pending refund for one attempt at the provider, by moving when it was last tried
 * from the value read (a compare-and-set): false when another attempt took it first.
 */
export async function claimRefundAttempt(
  db: Db,
  refundId: string,
  attemptedBefore: string | null,
  at: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('order_refunds')
    .set({ attempted_at: at })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .where('attempted_at', attemptedBefore === null ? 'is' : '=', attemptedBefore)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Keeps the provider's words on a refund that stays pending. */
export async function recordRefundError(db: Db, refundId: string, error: string) {
  await db
    .updateTable('order_refunds')
    .set({ error: error.slice(0, 500) })
    .where('id', '=', refundId)
    .execute();
}

/** The provider refused: the refund failed with its words, and its lines are free again. */
export async function releaseRefundClaim(db: Kysely<Database>, refundId: string, error: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('order_refunds')
      .set({ status: 'failed', error: error.slice(0, 500) })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    await trx.deleteFrom('order_refund_lines').where('refund_id', '=', refundId).execute();
  });
}

/** The pending refunds last tried before `attemptedBefore` (or never), oldest first. */
export function listRefundsDue(db: Db, attemptedBefore: string, limit: number) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('attempted_at', 'is', null), eb('attempted_at', '<', attemptedBefore)]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Records that the provider made a pending refund: false when another attempt recorded it
 * first, which then did the rest.
 */
export async function markRefundMade(
  trx: Transaction<Database>,
  refundId: string,
  at: string,
  providerRefundId: string | null,
): Promise<boolean> {
  const made = await trx
    .updateTable('order_refunds')
    .set({ status: 'refunded', refunded_at: at, provider_refund_id: providerRefundId, error: null })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(made.numUpdatedRows) === 1;
}

/** Deletes the console refunds of orders deleted for good, with the lines they claimed. */
export async function deleteRefundsOfOrders(trx: Transaction<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await trx
    .deleteFrom('order_refund_lines')
    .where('refund_id', 'in', (eb) =>
      eb.selectFrom('order_refunds').select('id').where('order_id', 'in', orderIds),
    )
    .execute();
  await trx.deleteFrom('order_refunds').where('order_id', 'in', orderIds).execute();
}
