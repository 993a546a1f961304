import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EntitlementTable } from '../../db/schema.ts';

export type EntitlementRow = EntitlementTable;

/** An order's library link generation: its row in library_links, or the first. */
const generationOf = sql<number>`coalesce(library_links.generation, 1)`.as('library_generation');

export function findEntitlement(db: Kysely<Database>, id: string) {
  return db.selectFrom('entitlements').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The buyer's address and order number, for the PDF stamp. */
export function findBuyer(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['email', 'number'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** Logs a download: when, which file, by which client (its count, and a dispute's evidence). */
export async function logDownload(
  db: Kysely<Database>,
  entitlement: { id: string; order_id: string; file_key: string },
  client: DownloadClient,
) {
  await db
    .insertInto('download_events')
    .values({
      id: randomUUID(),
      entitlement_id: entitlement.id,
      order_id: entitlement.order_id,
      file_key: entitlement.file_key,
      at: new Date().toISOString(),
      client_ip: client.ip?.slice(0, 64) ?? null,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
}

/** How often, and when last, each of these entitlements was downloaded, as the log has it. */
export function countDownloadsOf(db: Kysely<Database>, entitlementIds: string[]) {
  if (entitlementIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('download_events')
    .select((eb) => [
      'entitlement_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.max('at').as('last_at'),
    ])
    .where('entitlement_id', 'in', entitlementIds)
    .groupBy('entitlement_id')
    .execute();
}

/** Who asked for a download: the client's address as the shop trusts it, and its user agent. */
export interface DownloadClient {
  ip: string | null;
  userAgent: string | null;
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

/** Whether a refund (of its order, or of its line) took this file from this address. */
export async function hasRefundedFile(
  db: Kysely<Database>,
  email: string,
  fileKey: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('entitlements')
    .innerJoin('orders', 'orders.id', 'entitlements.order_id')
    .select('entitlements.id')
    .where('orders.email', '=', email.toLowerCase())
    .where('entitlements.file_key', '=', fileKey)
    .where('entitlements.refunded_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
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

/** An order as its library link needs it: whose, whether paid, and whether support revoked it. */
export async function findLibraryOrder(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
) {
  const order = await db
    .selectFrom('orders')
    .leftJoin('library_links', 'library_links.order_id', 'orders.id')
    .select(['orders.id', 'orders.email', 'orders.status', generationOf])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const revoked = await db
    .selectFrom('entitlements')
    .select('id')
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is not', null)
    // A file refunded alone leaves the rest of the order's library open.
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return { ...order, revoked: revoked !== undefined };
}

/** The newest paid order of an address whose files are not revoked: what a resend links to. */
export function findNewestOpenOrder(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('orders')
    .leftJoin('library_links', 'library_links.order_id', 'orders.id')
    .select(['orders.id', generationOf])
    .where('orders.email', '=', email.toLowerCase())
    .where('orders.status', '=', 'paid')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('entitlements')
            .select('entitlements.id')
            .whereRef('entitlements.order_id', '=', 'orders.id')
            .where('entitlements.revoked_at', 'is not', null)
            .where('entitlements.refunded_at', 'is', null),
        ),
      ),
    )
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
}

/** Moves the library links of every order of an address on, in one statement. */
export async function advanceLibraryGenerationsOf(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<void> {
  await advanceGenerations(db, { email });
}

/** Moves the library links of these orders on, so that none sent before opens anything. */
export async function advanceLibraryGenerations(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  await advanceGenerations(db, { orderIds });
}

/** One generation on for each order chosen: the second for an order at its first. */
async function advanceGenerations(
  db: Kysely<Database> | Transaction<Database>,
  chosen: { email: string } | { orderIds: string[] },
) {
  const orders = db.selectFrom('orders').select(['id', sql<number>`2`.as('generation')]);
  await db
    .insertInto('library_links')
    .columns(['order_id', 'generation'])
    .expression(
      'email' in chosen
        ? orders.where('email', '=', chosen.email)
        : orders.where('id', 'in', chosen.orderIds),
    )
    .onConflict((conflict) =>
      conflict
        .column('order_id')
        .doUpdateSet((eb) => ({ generation: eb('library_links.generation', '+', 1) })),
    )
    .execute();
}

/** The download log of these orders, oldest first: when, which file, from which client. */
export function listDownloadEventsOfOrders(db: Kysely<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('download_events')
    .select(['order_id', 'at', 'file_key', 'client_ip', 'user_agent'])
    .where('order_id', 'in', orderIds)
    .orderBy('at')
    .execute();
}

/** Deletes the log of downloads made before `before`; answers how many went. */
export async function deleteDownloadEventsBefore(
  db: Kysely<Database> | Transaction<Database>,
  before: string,
): Promise<number> {
  const deleted = await db
    .deleteFrom('download_events')
    .where('at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Deletes the log of these entitlements' or orders' downloads (an erasure, the sweep). */
export async function deleteDownloadEventsOf(
  trx: Transaction<Database>,
  { entitlementIds = [], orderIds = [] }: { entitlementIds?: string[]; orderIds?: string[] },
) {
  if (entitlementIds.length > 0)
    await trx.deleteFrom('download_events').where('entitlement_id', 'in', entitlementIds).execute();
  if (orderIds.length > 0)
    await trx.deleteFrom('download_events').where('order_id', 'in', orderIds).execute();
}
