/**
 * The disputes' SQL: a dispute kept as Stripe's events tell it, and the shop's own records of
 * the purchase that its evidence is made of (docs/product.md#disputes).
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, DisputeTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function findOrderByPaymentIntent(db: Db, paymentIntentId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

export function findOrderById(db: Db, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** Keeps a dispute once, however often Stripe tells of its opening. */
export async function insertDisputeOnce(db: Db, dispute: Insertable<DisputeTable>) {
  const inserted = await db
    .insertInto('disputes')
    .values(dispute)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Moves a dispute to Stripe's newer word; a closed one (with an outcome) keeps its outcome
 * whatever arrives after it.
 */
export async function updateDispute(
  db: Db,
  id: string,
  change: { status: string; evidenceDueBy: string | null; outcome: string | null; at: string },
) {
  await db
    .updateTable('disputes')
    .set({
      status: change.status,
      evidence_due_by: change.evidenceDueBy,
      updated_at: change.at,
      ...(change.outcome ? { outcome: change.outcome } : {}),
    })
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .execute();
}

export function findDispute(db: Db, id: string) {
  return db.selectFrom('disputes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order's newest dispute. */
export function findNewestDisputeOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The newest dispute's status of each of these orders that has one. */
export async function listDisputeStatuses(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('disputes')
    .select(['order_id', 'status', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .execute();
  return new Map(rows.map((row) => [row.order_id, row.status]));
}

/**
 * Takes the dispute's evidence for this submission: false when it was submitted already or
 * another submission holds it. Undone by `releaseEvidenceClaim` when Stripe does not take it.
 */
export async function claimEvidenceSubmission(db: Db, id: string, at: string, by: string) {
  const claimed = await db
    .updateTable('disputes')
    .set({ evidence_submitted_at: at, evidence_submitted_by: by, updated_at: at })
    .where('id', '=', id)
    .where('evidence_submitted_at', 'is', null)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export async function releaseEvidenceClaim(db: Db, id: string, at: string) {
  await db
    .updateTable('disputes')
    .set({ evidence_submitted_at: null, evidence_submitted_by: null })
    .where('id', '=', id)
    .where('evidence_submitted_at', '=', at)
    .execute();
}

/** The shop's records of one order that a dispute's evidence is made of. */
export async function listEvidenceRecords(db: Db, order: { id: string; email: string }) {
  const [lines, downloads, receipt, openings, progress] = await Promise.all([
    db
      .selectFrom('order_lines')
      .select(['product_name', 'product_type', 'quantity'])
      .where('order_id', '=', order.id)
      .orderBy('product_name')
      .execute(),
    db
      .selectFrom('download_events')
      .select(['at', 'file_key', 'client_ip', 'user_agent'])
      .where('order_id', '=', order.id)
      .orderBy('at')
      .limit(200)
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'created_at'])
      .where('dedupe_key', '=', `order-confirmation:${order.id}`)
      .executeTakeFirst(),
    db
      .selectFrom('library_sessions')
      .select('created_at')
      .where('order_id', '=', order.id)
      .orderBy('created_at')
      .limit(100)
      .execute(),
    db
      .selectFrom('library_progress')
      .select(['file_key', 'position', 'reached_at'])
      .where('email', '=', order.email)
      // Only the files this order grants.
      .where('file_key', 'in', (eb) =>
        eb.selectFrom('entitlements').select('file_key').where('order_id', '=', order.id),
      )
      .orderBy('reached_at')
      .execute(),
  ]);
  return { lines, downloads, receipt, openings, progress };
}

/**
 * Disputes opened from `start` (included) to `end` (excluded), ISO times, in one currency: how
 * many, the amount they took back, and how many of them were lost (the owner's figures).
 */
export async function countDisputesOpened(db: Db, currency: string, start: string, end: string) {
  const row = await db
    .selectFrom('disputes')
    .where('currency', '=', currency)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .select([
      sql<number>`count(*)`.as('opened'),
      sql<number>`coalesce(sum(amount), 0)`.as('amount'),
      sql<number>`coalesce(sum(case when outcome = 'lost' then 1 else 0 end), 0)`.as('lost'),
    ])
    .executeTakeFirstOrThrow();
  return { opened: Number(row.opened), amount: Number(row.amount), lost: Number(row.lost) };
}

/** Deletes the disputes of orders deleted for good. */
export async function deleteDisputesOfOrders(trx: Transaction<Database>, orderIds: string[]) {
  await trx.deleteFrom('disputes').where('order_id', 'in', orderIds).execute();
}
