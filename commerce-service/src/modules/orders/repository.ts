/**
 * The orders' SQL: an order, its lines and entitlements written once per checkout session by
 * fulfilment, read back for the buyer's pages, revoked on a refund; and the webhook's record of
 * events already handled (docs/adr/0005-payments-fulfilment-and-downloads.md).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EntitlementTable } from '../../db/schema.ts';
import type { CheckoutLine } from '../checkout/service.ts';
import { selectRecordsWithMembership } from '../memberships/service.ts';
import { newOrderNumber } from './order-number.ts';

export interface NewOrder {
  checkoutSessionId: string;
  email: string;
  amountSubtotal: number;
  amountDiscount: number;
  amountTax: number;
  amountTotal: number;
  currency: string;
  paymentIntentId: string | null;
  termsAcceptedAt: string | null;
}

/**
 * Inserts the order unless one exists for this checkout session. The unique constraint on
 * checkout_session_id decides, so two fulfilments at once still make one order.
 */
export async function insertOrderOnce(
  trx: Transaction<Database>,
  order: NewOrder,
): Promise<{ id: string; number: string } | null> {
  const inserted = await trx
    .insertInto('orders')
    .values({
      id: `ord_${randomUUID().replaceAll('-', '')}`,
      checkout_session_id: order.checkoutSessionId,
      number: newOrderNumber(),
      email: order.email,
      amount_subtotal: order.amountSubtotal,
      amount_discount: order.amountDiscount,
      amount_tax: order.amountTax,
      amount_total: order.amountTotal,
      currency: order.currency,
      payment_intent_id: order.paymentIntentId,
      terms_accepted_at: order.termsAcceptedAt,
      status: 'paid',
      created_at: new Date().toISOString(),
      // The address's first order in this currency (the owner's new buyers).
      first_order: sql<number>`case when exists (select 1 from orders where email = ${order.email}
        and currency = ${order.currency}) then 0 else 1 end`,
    })
    .onConflict((conflict) => conflict.column('checkout_session_id').doNothing())
    .returning(['id', 'number'])
    .executeTakeFirst();
  return inserted ?? null;
}

export async function insertOrderLines(
  trx: Transaction<Database>,
  orderId: string,
  lines: CheckoutLine[],
) {
  await trx
    .insertInto('order_lines')
    .values(
      lines.map((line) => ({
        id: randomUUID(),
        order_id: orderId,
        product_id: line.productId,
        product_name: line.name,
        product_type: line.type,
        quantity: line.quantity,
        unit_amount: line.unitAmount,
      })),
    )
    .execute();
}

export async function insertEntitlements(
  trx: Transaction<Database>,
  orderId: string,
  grants: { productId: string; fileKey: string }[],
): Promise<EntitlementTable[]> {
  if (grants.length === 0) return [];
  const now = new Date().toISOString();
  const rows = grants.map((grant) => ({
    id: `ent_${randomUUID().replaceAll('-', '')}`,
    order_id: orderId,
    product_id: grant.productId,
    file_key: grant.fileKey,
    download_count: 0,
    last_download_at: null,
    revoked_at: null,
    created_at: now,
    refunded_at: null,
  }));
  await trx.insertInto('entitlements').values(rows).execute();
  return rows;
}

export async function insertSubscriptionRecordOnce(
  db: Kysely<Database> | Transaction<Database>,
  record: { userId: string; email: string; sessionId: string; subscriptionId: string | null },
) {
  await db
    .insertInto('subscription_records')
    .values({
      user_id: record.userId,
      email: record.email,
      session_id: record.sessionId,
      subscription_id: record.subscriptionId,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('session_id').doNothing())
    .execute();
}

export function findOrderBySession(db: Kysely<Database>, checkoutSessionId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('checkout_session_id', '=', checkoutSessionId)
    .executeTakeFirst();
}

export function listOrderLines(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .execute();
}

/** The entitlements of an order that still grant their file. */
export function listOrderEntitlements(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('entitlements')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .orderBy('file_key')
    .execute();
}

/**
 * What was bought with this address: its orders (newest first), their lines, their
 * entitlements that still grant a file, and its subscription records.
 */
export async function listPurchaseRows(db: Kysely<Database>, email: string) {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .execute();
  const ids = orders.map((order) => order.id);
  const [lines, entitlements, subscriptions] = await Promise.all([
    ids.length
      ? db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).execute()
      : [],
    ids.length
      ? db
          .selectFrom('entitlements')
          .selectAll()
          .where('order_id', 'in', ids)
          .where('revoked_at', 'is', null)
          .execute()
      : [],
    selectRecordsWithMembership(db)
      .where('r.email', '=', email)
      .orderBy('r.created_at', 'desc')
      .execute(),
  ]);
  return { orders, lines, entitlements, subscriptions };
}

/**
 * In the caller's transaction: the order of a payment intent marked refunded and its files
 * revoked; its id and how many files, or null when no order has that payment.
 */
export async function markRefundedByPaymentIntent(
  trx: Transaction<Database>,
  paymentIntentId: string,
): Promise<{ orderId: string; revoked: number } | null> {
  const order = await trx
    .selectFrom('orders')
    .select('id')
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
  if (!order) return null;
  await trx.updateTable('orders').set({ status: 'refunded' }).where('id', '=', order.id).execute();
  const revoked = await trx
    .updateTable('entitlements')
    .set({ revoked_at: new Date().toISOString() })
    .where('order_id', '=', order.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { orderId: order.id, revoked: Number(revoked.numUpdatedRows) };
}

/** Records a provider event id; false when it was already recorded. */
export async function recordWebhookEventOnce(
  db: Kysely<Database>,
  id: string,
  type: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_events')
    .values({ id, type, received_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function hasWebhookEvent(db: Kysely<Database>, id: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('webhook_events').select('id').where('id', '=', id).executeTakeFirst(),
  );
}
