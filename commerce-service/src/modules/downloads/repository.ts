import { randomUUID } from 'node:crypto';
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

/** How many times links were asked for this address (by its key) since then. */
export async function countDownloadLinkRequests(
  db: Kysely<Database>,
  addressKey: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('download_link_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('address_key', '=', addressKey)
    .where('requested_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records a request, and forgets those older than `forgetBefore`, which no limit counts. */
export async function recordDownloadLinkRequest(
  db: Kysely<Database>,
  request: { addressKey: string; requestedAt: string; forgetBefore: string },
) {
  await db
    .insertInto('download_link_requests')
    .values({
      id: randomUUID(),
      address_key: request.addressKey,
      requested_at: request.requestedAt,
    })
    .execute();
  await db
    .deleteFrom('download_link_requests')
    .where('requested_at', '<', request.forgetBefore)
    .execute();
}
