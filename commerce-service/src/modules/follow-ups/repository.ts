/** What the follow-ups read of orders and checkouts when a message falls due. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An order with the page its buyer returned to, whose language its follow-ups speak. */
export function findOrderForFollowUp(db: Db, orderId: string) {
  return db
    .selectFrom('orders')
    .leftJoin('checkout_sessions', 'checkout_sessions.id', 'orders.checkout_session_id')
    .select(['orders.id', 'orders.email', 'orders.status', 'checkout_sessions.success_path'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** The files of an order that are still the buyer's (not refunded, not revoked). */
export async function liveFileKeysOf(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('entitlements')
    .select('file_key')
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((row) => row.file_key);
}

/** Whether the address paid for an order at or after this time. */
export async function paidSince(db: Db, email: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}
