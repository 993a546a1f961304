/**
 * The orders' SQL: an order, its lines and entitlements written once per checkout session by
 * fulfilment, read back for the buyer's pages, revoked on a refund; and the webhook's record of
 * events already handled (docs/adr/0005-payments-fulfilment-and-downloads.md).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { Database, EntitlementTable, OrderRefundTable } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';
import type { CheckoutLine } from '../checkout/service.ts';
import { selectRecordsWithMembership } from '../memberships/service.ts';
import { newOrderNumber } from './order-number.ts';
import type { SubscriptionRecordInput } from '@aba-shop/contract';

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

export function findOrder(db: Kysely<Database> | Transaction<Database>, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export function listOrderLines(db: Kysely<Database> | Transaction<Database>, orderId: string) {
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

/** The order a payment intent paid, if any. */
export function findOrderIdByPaymentIntent(db: Kysely<Database>, paymentIntentId: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
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

/**
 * Revokes (with a time) or restores (with null) every entitlement of an order that is not
 * already so, but those a refund revoked: a refund is undone in the provider, not here. Returns
 * how many changed: none means another call got there first.
 */
export async function setOrderRevokedAt(
  trx: Transaction<Database>,
  orderId: string,
  revokedAt: string | null,
): Promise<number> {
  const result = await trx
    .updateTable('entitlements')
    .set({ revoked_at: revokedAt })
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null)
    .where('revoked_at', revokedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Keeps what a refund gave back with the order and its lines, which the owner's day sums follow
 * (docs/product.md#sales-figures): the amounts refunded, the lines' refund time, and the order
 * refunded once every line is. The order's row is changed first: it holds two refunds of one
 * order in turn (PostgreSQL's row lock), so the second sees the first's lines refunded. Answers
 * the order's lines left unrefunded.
 */
export async function recordRefundOnOrder(
  trx: Transaction<Database>,
  refund: { orderId: string; lineIds: string[]; amount: number; tax: number; at: string },
) {
  await trx
    .updateTable('orders')
    .set((eb) => ({
      amount_refunded: eb('amount_refunded', '+', refund.amount),
      tax_refunded: eb('tax_refunded', '+', refund.tax),
    }))
    .where('id', '=', refund.orderId)
    .execute();
  await trx
    .updateTable('order_lines')
    .set({ refunded_at: refund.at })
    .where('id', 'in', refund.lineIds)
    .where('refunded_at', 'is', null)
    .execute();
  const left = await trx
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', refund.orderId)
    .where('refunded_at', 'is', null)
    .execute();
  if (left.length === 0)
    await trx
      .updateTable('orders')
      .set({ status: 'refunded' })
      .where('id', '=', refund.orderId)
      .execute();
  return left;
}

/**
 * Revokes, as refunded, the order's files that no line left unrefunded grants; answers their
 * file keys. A file support had revoked keeps its time, and becomes the refund's.
 */
export async function revokeRefundedFiles(
  trx: Transaction<Database>,
  orderId: string,
  keptFileKeys: string[],
  at: string,
): Promise<string[]> {
  let query = trx
    .updateTable('entitlements')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(at)), refunded_at: at }))
    .where('order_id', '=', orderId)
    .where('refunded_at', 'is', null);
  if (keptFileKeys.length) query = query.where('file_key', 'not in', keptFileKeys);
  const revoked = await query.returning('file_key').execute();
  return revoked.map((row) => row.file_key);
}

/**
 * An erasure's part of the orders: the placeholder in place of the address, on its orders and
 * on the refunds it asked (a withdrawal's); how many orders.
 */
export async function anonymiseOrdersOf(
  trx: Transaction<Database>,
  { email, placeholder }: { email: string; placeholder: string },
): Promise<number> {
  const orders = await trx
    .updateTable('orders')
    .set({ email: placeholder })
    .where(sameAddress('email', email))
    .executeTakeFirst();
  await trx
    .updateTable('order_refunds')
    .set({ actor: placeholder })
    .where(sameAddress('actor', email))
    .execute();
  return Number(orders.numUpdatedRows);
}

/** Deletes these entitlements: every link to their files stops working (an erasure). */
export async function deleteEntitlements(trx: Transaction<Database>, ids: string[]) {
  if (ids.length === 0) return;
  await trx.deleteFrom('entitlements').where('id', 'in', ids).execute();
}

/** Deletes orders for good, with their lines and entitlements (accounting's period over). */
export async function deleteOrders(trx: Transaction<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await trx.deleteFrom('order_lines').where('order_id', 'in', orderIds).execute();
  await trx.deleteFrom('entitlements').where('order_id', 'in', orderIds).execute();
  await trx.deleteFrom('orders').where('id', 'in', orderIds).execute();
}

// ---- Subscription records as the admin area and an erasure change them ----

export async function createSubscriptionRecord(
  db: Kysely<Database>,
  input: SubscriptionRecordInput,
) {
  return db
    .insertInto('subscription_records')
    .values({ ...input, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateSubscriptionRecord(
  db: Kysely<Database>,
  id: number,
  input: SubscriptionRecordInput,
) {
  return db
    .updateTable('subscription_records')
    .set(input)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export function deleteSubscriptionRecord(db: Kysely<Database>, id: number) {
  return db
    .deleteFrom('subscription_records')
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes subscription records (an erasure). */
export async function deleteRecordsForErasure(trx: Transaction<Database>, recordIds: number[]) {
  if (recordIds.length === 0) return;
  await trx.deleteFrom('subscription_records').where('id', 'in', recordIds).execute();
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes a refund, pending (or made, for one the provider made itself), and claims its lines: each line once, so a line another
 * refund holds (two administrators at once included) is not claimed again. Returns how many of
 * the lines it claimed; fewer than asked means the caller must roll back.
 */
export async function insertRefundClaim(
  trx: Transaction<Database>,
  refund: Insertable<OrderRefundTable>,
  lineIds: string[],
): Promise<number> {
  await trx.insertInto('order_refunds').values(refund).execute();
  const claimed = await trx
    .insertInto('order_refund_lines')
    .values(lineIds.map((lineId) => ({ line_id: lineId, refund_id: refund.id })))
    .onConflict((conflict) => conflict.column('line_id').doNothing())
    .returning('line_id')
    .execute();
  return claimed.length;
}

/** Every refund of these orders, newest first, with the lines each holds (none once failed). */
export async function listRefundsOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const refunds = await db
    .selectFrom('order_refunds')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const lines = refunds.length
    ? await db
        .selectFrom('order_refund_lines')
        .selectAll()
        .where(
          'refund_id',
          'in',
          refunds.map((refund) => refund.id),
        )
        .execute()
    : [];
  return refunds.map((refund) => ({
    ...refund,
    lineIds: lines.filter((line) => line.refund_id === refund.id).map((line) => line.line_id),
  }));
}

/** The lines a pending or made refund holds, of one order. */
export async function listClaimedLineIds(db: Db, orderId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('order_refund_lines')
    .innerJoin('order_refunds', 'order_refunds.id', 'order_refund_lines.refund_id')
    .select('order_refund_lines.line_id')
    .where('order_refunds.order_id', '=', orderId)
    .execute();
  return new Set(rows.map((row) => row.line_id));
}

/**
 * Takes a pending refund for one attempt at the provider, by moving when it was last tried
 * from the value read (a compare-and-set): false when another attempt took it first.
 */
export async function claimRefundAttempt(
  db: Db,
  refundId: string,
  attemptedBefore: string | null,
  at: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('order_refunds')
    .set({ attempted_at: at })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .where('attempted_at', attemptedBefore === null ? 'is' : '=', attemptedBefore)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Keeps the provider's words on a refund that stays pending. */
export async function recordRefundError(db: Db, refundId: string, error: string) {
  await db
    .updateTable('order_refunds')
    .set({ error: error.slice(0, 500) })
    .where('id', '=', refundId)
    .execute();
}

/** The provider refused: the refund failed with its words, and its lines are free again. */
export async function releaseRefundClaim(db: Kysely<Database>, refundId: string, error: string) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('order_refunds')
      .set({ status: 'failed', error: error.slice(0, 500) })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    await trx.deleteFrom('order_refund_lines').where('refund_id', '=', refundId).execute();
  });
}

/** The pending refunds last tried before `attemptedBefore` (or never), oldest first. */
export function listRefundsDue(db: Db, attemptedBefore: string, limit: number) {
  return db
    .selectFrom('order_refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('attempted_at', 'is', null), eb('attempted_at', '<', attemptedBefore)]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Records that the provider made a pending refund: false when another attempt recorded it
 * first, which then did the rest.
 */
export async function markRefundMade(
  trx: Transaction<Database>,
  refundId: string,
  at: string,
  providerRefundId: string | null,
): Promise<boolean> {
  const made = await trx
    .updateTable('order_refunds')
    .set({ status: 'refunded', refunded_at: at, provider_refund_id: providerRefundId, error: null })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(made.numUpdatedRows) === 1;
}

/** Deletes the refunds of orders deleted for good, with the lines they claimed. */
export async function deleteRefundsOfOrders(trx: Transaction<Database>, orderIds: string[]) {
  if (orderIds.length === 0) return;
  await trx
    .deleteFrom('order_refund_lines')
    .where('refund_id', 'in', (eb) =>
      eb.selectFrom('order_refunds').select('id').where('order_id', 'in', orderIds),
    )
    .execute();
  await trx.deleteFrom('order_refunds').where('order_id', 'in', orderIds).execute();
}

/** The lines a refund holds. */
export async function listRefundLineIds(db: Db, refundId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('order_refund_lines')
    .select('line_id')
    .where('refund_id', '=', refundId)
    .execute();
  return rows.map((row) => row.line_id);
}

/** The withdrawal an order's refund of reason `withdrawal` gives back, for its acknowledgement. */
export function findWithdrawalOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** The provider's subscription an order's membership is (none for a record made by hand). */
export async function findSubscriptionIdOfSession(db: Db, checkoutSessionId: string) {
  const record = await db
    .selectFrom('subscription_records')
    .select('subscription_id')
    .where('session_id', '=', checkoutSessionId)
    .executeTakeFirst();
  return record?.subscription_id ?? null;
}
