/**
 * The support console's SQL over the orders' tables: a page of orders by one exact search,
 * their lines and entitlements, and revoking or restoring an order's downloads
 * (docs/adr/0019-support-console-paging-search-and-audit.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
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
