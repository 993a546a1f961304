/**
 * The withdrawals' SQL (docs/product.md#withdrawal): the contract a withdrawal names (an order,
 * its lines and its membership) and the withdrawal's record, read with where its refund (the
 * orders module's, of reason `withdrawal`) stands.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
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

/**
 * Withdrawals as they stand: `unconfirmed` until they took effect, then `refund-pending` until
 * their refund is made, `refunded` after; with the refund's provider id, last attempt and error.
 */
function selectWithdrawals(db: Db) {
  return db
    .selectFrom('withdrawals')
    .leftJoin('order_refunds', (join) =>
      join
        .onRef('order_refunds.order_id', '=', 'withdrawals.order_id')
        .on('order_refunds.reason', '=', 'withdrawal'),
    )
    .selectAll('withdrawals')
    .select([
      sql<WithdrawalOutcome>`case when withdrawals.confirmed_at is null then 'unconfirmed'
        when order_refunds.status = 'refunded' then 'refunded' else 'refund-pending' end`.as(
        'outcome',
      ),
      'order_refunds.provider_refund_id as refund_id',
      'order_refunds.attempted_at as refund_attempted_at',
      'order_refunds.error as refund_error',
    ]);
}

export type WithdrawalOutcome = 'unconfirmed' | 'refund-pending' | 'refunded';
export type Withdrawal = NonNullable<Awaited<ReturnType<typeof findWithdrawal>>>;

export function findWithdrawalOfOrder(db: Db, orderId: string) {
  return selectWithdrawals(db).where('withdrawals.order_id', '=', orderId).executeTakeFirst();
}

export function findWithdrawal(db: Db, id: string) {
  return selectWithdrawals(db).where('withdrawals.id', '=', id).executeTakeFirst();
}

/**
 * Makes an unconfirmed withdrawal take effect, once: answers the row as it now is, or undefined
 * when it was confirmed already (the link is single-use).
 */
export function confirmWithdrawalOnce(trx: Transaction<Database>, id: string, at: string) {
  return trx
    .updateTable('withdrawals')
    .set({ confirmed_at: at })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function listWithdrawalsOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return selectWithdrawals(db).where('withdrawals.order_id', 'in', orderIds).execute();
}

/** An address's withdrawals, newest first (its data export). */
export function listWithdrawalsOfEmail(db: Db, email: string) {
  return selectWithdrawals(db)
    .where(sameAddress('withdrawals.email', email))
    .orderBy('withdrawals.received_at', 'desc')
    .execute();
}

/** Support's list: one order's withdrawals, or the newest `limit`. */
export function listWithdrawals(db: Db, { orderId, limit }: { orderId?: string; limit: number }) {
  let query = selectWithdrawals(db);
  if (orderId) query = query.where('withdrawals.order_id', '=', orderId);
  return query
    .orderBy('withdrawals.received_at', 'desc')
    .orderBy('withdrawals.id', 'desc')
    .limit(limit)
    .execute();
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
