/** Reviews written by verified buyers, and the order lines they are about. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ReviewTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type StoredReview = Selectable<ReviewTable>;

/** The order's eBook line of this product, and whether it was refunded. */
export function findReviewableLine(db: Db, orderId: string, productId: string) {
  return db
    .selectFrom('order_lines')
    .select(['product_id', 'product_name', 'refunded_at'])
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .where('product_type', '=', 'digital')
    .executeTakeFirst();
}

/** The eBook lines of an order, for its review request. */
export function listEbookLines(db: Db, orderId: string) {
  return db
    .selectFrom('order_lines')
    .select(['product_id', 'product_name'])
    .where('order_id', '=', orderId)
    .where('product_type', '=', 'digital')
    .where('refunded_at', 'is', null)
    .orderBy('product_name')
    .execute();
}

export async function hasReview(db: Db, orderId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a review; false when this order's eBook has one already. */
export async function insertReviewOnce(
  db: Db,
  review: Omit<StoredReview, 'id' | 'cms_document_id' | 'delivery_attempts' | 'erased_at'>,
): Promise<StoredReview | null> {
  const row = { id: randomUUID(), ...review, cms_document_id: null };
  const inserted = await db
    .insertInto('reviews')
    .values(row)
    .onConflict((conflict) => conflict.columns(['order_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
    ? { ...row, delivery_attempts: 0, erased_at: null }
    : null;
}

/** Reviews the CMS does not have yet, oldest first. */
export function listUndelivered(db: Db, limit: number) {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('cms_document_id', 'is', null)
    .where('erased_at', 'is', null)
    .orderBy('submitted_at')
    .limit(limit)
    .execute();
}

export async function markDelivered(db: Db, id: string, documentId: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ cms_document_id: documentId })
    .where('id', '=', id)
    .execute();
}

export async function countDeliveryAttempt(db: Db, id: string): Promise<void> {
  await db
    .updateTable('reviews')
    .set((eb) => ({ delivery_attempts: eb('delivery_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** The reviews written for these orders, oldest first. */
export function listReviewsOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('submitted_at')
    .execute();
}

/** The reviews of erased orders: their words and names go at once, their rows once the CMS lets go. */
export async function markReviewsErased(db: Db, orderIds: string[], at: string): Promise<number> {
  if (orderIds.length === 0) return 0;
  const erased = await db
    .updateTable('reviews')
    .set({ text: '', first_name: null, child_age: null, erased_at: at })
    .where('order_id', 'in', orderIds)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(erased.numUpdatedRows);
}

/** Erased reviews whose CMS copy is still to be taken back, oldest first. */
export function listErasedReviews(db: Db, limit: number) {
  return db
    .selectFrom('reviews')
    .select('id')
    .where('erased_at', 'is not', null)
    .orderBy('erased_at')
    .limit(limit)
    .execute();
}

export async function deleteReview(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reviews').where('id', '=', id).execute();
}
