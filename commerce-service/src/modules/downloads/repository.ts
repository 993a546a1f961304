import type { Kysely } from 'kysely';
import type { Database, EntitlementTable } from '../../db/schema.ts';

export type EntitlementRow = EntitlementTable;

/** An entitlement, and whether its order was refunded (which says why it may be revoked). */
export function findEntitlement(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('entitlements')
    .innerJoin('orders', 'orders.id', 'entitlements.order_id')
    .selectAll('entitlements')
    .select('orders.status as order_status')
    .where('entitlements.id', '=', id)
    .executeTakeFirst();
}

/** The buyer's address and order reference, for the PDF stamp. */
export function findBuyer(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['email', 'checkout_session_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function countDownload(db: Kysely<Database>, id: string) {
  await db
    .updateTable('entitlements')
    .set((eb) => ({
      download_count: eb('download_count', '+', 1),
      last_download_at: new Date().toISOString(),
    }))
    .where('id', '=', id)
    .execute();
}

/** Every entitlement still valid for the orders paid with this address (case-insensitive). */
export function listEntitlementsForEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('entitlements')
    .innerJoin('orders', 'orders.id', 'entitlements.order_id')
    .selectAll('entitlements')
    .where('orders.email', '=', email.toLowerCase())
    .where('entitlements.revoked_at', 'is', null)
    .orderBy('entitlements.created_at')
    .execute();
}
