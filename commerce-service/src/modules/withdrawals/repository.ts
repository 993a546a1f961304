/**
 * The withdrawals' SQL (docs/product.md#withdrawal): the contract a withdrawal names (an order,
 * its lines and its membership), the withdrawal's record, the refunds still pending and their
 * attempts, and the order's refund, as a refund from Stripe's webhook marks it
 * (orders/repository.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, WithdrawalTable } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An order by its reference, with its lines: its number, or the checkout session id that
 * receipts named before orders had numbers (docs/product.md#order-reference).
 */
export async function findOrderWithLines(db: Db, reference: string) {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where(reference.startsWith('cs_') ? 'checkout_session_id' : 'number', '=', reference)
    .executeTakeFirst();
  if (!order) return null;
  const lines = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('product_name')
    .execute();
  return { order, lines };
}

/** The provider's subscription the order's membership is (none for a record made by hand). */
export async function findSubscriptionIdOfSession(db: Db, checkoutSessionId: string) {
  const record = await db
    .selectFrom('subscription_records')
    .select('subscription_id')
    .where('session_id', '=', checkoutSessionId)
    .executeTakeFirst();
  return record?.subscription_id ?? null;
}

/** The orders of an address that hold a membership, newest first. */
export function listMembershipOrdersOf(db: Db, email: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.number',
      'orders.created_at',
      'orders.status',
      'orders.amount_total',
      'orders.currency',
      'order_lines.product_name',
    ])
    .where('orders.email', '=', email)
    .where('order_lines.product_type', '=', 'subscription')
    .orderBy('orders.created_at', 'desc')
    .execute();
}

export function findWithdrawalOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export function findWithdrawal(db: Db, id: string) {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Makes an unconfirmed withdrawal take effect, once: answers the row as it now is, or undefined
 * when it was confirmed already (the link is single-use).
 */
export function confirmWithdrawalOnce(trx: Transaction<Database>, id: string, at: string) {
  return trx
    .updateTable('withdrawals')
    .set({ outcome: 'refund-pending', confirmed_at: at })
    .where('id', '=', id)
    .where('outcome', '=', 'unconfirmed')
    .returningAll()
    .executeTakeFirst();
}

export function listWithdrawalsOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('withdrawals').selectAll().where('order_id', 'in', orderIds).execute();
}

/** Support's list: one order's withdrawals, or the newest `limit`. */
export function listWithdrawals(db: Db, { orderId, limit }: { orderId?: string; limit: number }) {
  let query = db.selectFrom('withdrawals').selectAll();
  if (orderId) query = query.where('order_id', '=', orderId);
  return query.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Records the withdrawal; false when the order has one already (two confirmations at once:
 * the unique order_id decides).
 */
export async function insertWithdrawalOnce(
  trx: Transaction<Database>,
  withdrawal: Omit<WithdrawalTable, 'id'>,
): Promise<WithdrawalTable | null> {
  const row = { id: `wdr_${randomUUID().replaceAll('-', '')}`, ...withdrawal };
  const inserted = await trx
    .insertInto('withdrawals')
    .values(row)
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? row : null;
}

/** The order's payment at the provider, for a refund asked later. */
export async function findPaymentIntentOfOrder(db: Db, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select('payment_intent_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return order?.payment_intent_id ?? null;
}

/**
 * Takes a pending refund for one attempt: true when this caller moved its last attempt from
 * `attemptedBefore` to `at`, false when another (a replica's retry, the confirming request)
 * has taken it meanwhile or it is refunded already.
 */
export async function claimRefundAttempt(
  db: Db,
  withdrawalId: string,
  attemptedBefore: string | null,
  at: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('withdrawals')
    .set({ refund_attempted_at: at })
    .where('id', '=', withdrawalId)
    .where('outcome', '=', 'refund-pending')
    .where('refund_attempted_at', attemptedBefore === null ? 'is' : '=', attemptedBefore)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The pending refunds whose last attempt began before `attemptedBefore`, oldest first. */
export function listRefundsDue(db: Db, attemptedBefore: string, limit: number) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('outcome', '=', 'refund-pending')
    .where((eb) =>
      eb.or([
        eb('refund_attempted_at', 'is', null),
        eb('refund_attempted_at', '<', attemptedBefore),
      ]),
    )
    .orderBy('received_at')
    .limit(limit)
    .execute();
}

/** Keeps why an attempt failed; the withdrawal stays pending. */
export async function recordRefundFailure(db: Db, withdrawalId: string, error: string) {
  await db
    .updateTable('withdrawals')
    .set({ refund_error: error.slice(0, 500) })
    .where('id', '=', withdrawalId)
    .where('outcome', '=', 'refund-pending')
    .execute();
}

/**
 * The provider refunded it: the withdrawal reads refunded with its refund. Null when it was
 * refunded already (another attempt finished first), so only one completion is recorded.
 */
export async function markWithdrawalRefunded(
  trx: Transaction<Database>,
  withdrawalId: string,
  refundId: string | null,
): Promise<WithdrawalTable | null> {
  const row = await trx
    .updateTable('withdrawals')
    .set({ outcome: 'refunded', refund_id: refundId, refund_error: null })
    .where('id', '=', withdrawalId)
    .where('outcome', '=', 'refund-pending')
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The placeholder in place of an erased address on its withdrawals, which are kept. */
export async function anonymiseWithdrawalsOf(
  trx: Transaction<Database>,
  { email, placeholder }: { email: string; placeholder: string },
) {
  await trx
    .updateTable('withdrawals')
    .set({ email: placeholder })
    .where(sameAddress('email', email))
    .execute();
}

/** Deletes the withdrawals of orders deleted for good. */
export async function deleteWithdrawalsOfOrders(trx: Transaction<Database>, orderIds: string[]) {
  await trx.deleteFrom('withdrawals').where('order_id', 'in', orderIds).execute();
}
