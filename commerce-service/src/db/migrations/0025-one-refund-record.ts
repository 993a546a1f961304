import { sql, type Kysely } from 'kysely';

/**
 * One record of every refund, whatever asked it (docs/product.md#refunds,
 * docs/adr/0046-one-refund-machinery.md): `order_refunds` gains why (`reason`: support, a
 * withdrawal, Stripe, a lost dispute), the key the provider was asked with, and whether the
 * refund also ends the order's subscription (a withdrawal's). What the shop already holds is
 * written the same way:
 * - each withdrawal that took effect becomes a refund of the rest of its order, pending or made
 *   as the withdrawal read, under the key it was asked with; the withdrawal keeps only what was
 *   received and when it took effect;
 * - an order refunded in full without a record (Stripe's refund or a lost dispute) gets one for
 *   what no record covers;
 * - every refunded order reads as a refund reads: its lines and files refunded, its amounts
 *   refunded. The day sums do not move (a refunded order already counted as refunded in full).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_refunds')
    .addColumn('reason', 'varchar(16)', (col) => col.notNull().defaultTo('support'))
    .execute();
  await db.schema
    .alterTable('order_refunds')
    .addColumn('idempotency_key', 'varchar(128)')
    .execute();
  await db.schema
    .alterTable('order_refunds')
    .addColumn('end_subscription', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update order_refunds set idempotency_key = 'console-refund:' || id`.execute(db);

  await sql`insert into order_refunds (id, order_id, amount, tax, whole_order, status, actor,
      created_at, attempted_at, refunded_at, provider_refund_id, error, reason, idempotency_key,
      end_subscription)
    select 'rfd_' || substr(w.id, 5), w.order_id,
      case when w.outcome = 'refunded' then w.amount_refunded else o.amount_total - o.amount_refunded end,
      case when w.outcome = 'refunded' then o.amount_tax else o.amount_tax - o.tax_refunded end,
      1,
      case when w.outcome = 'refunded' then 'refunded' else 'pending' end,
      w.email, coalesce(w.confirmed_at, w.received_at), w.refund_attempted_at,
      case when w.outcome = 'refunded' then coalesce(w.confirmed_at, w.received_at) end,
      w.refund_id, w.refund_error, 'withdrawal', 'withdrawal:' || w.order_id, 1
    from withdrawals w join orders o on o.id = w.order_id
    where w.outcome <> 'unconfirmed'`.execute(db);

  // Refunded in full by Stripe or a lost dispute: what no record covers.
  await sql`insert into order_refunds (id, order_id, amount, tax, whole_order, status, actor,
      created_at, attempted_at, refunded_at, provider_refund_id, error, reason, idempotency_key,
      end_subscription)
    select 'rfd_' || substr(o.id, 5), o.id,
      o.amount_total - coalesce((select sum(r.amount) from order_refunds r
        where r.order_id = o.id and r.status = 'refunded'), 0),
      o.amount_tax - coalesce((select sum(r.tax) from order_refunds r
        where r.order_id = o.id and r.status = 'refunded'), 0),
      1, 'refunded', 'stripe', o.created_at, null, o.created_at, null, null,
      case when exists (select 1 from disputes d where d.order_id = o.id and d.outcome = 'lost')
        then 'dispute' else 'stripe' end,
      null, 0
    from orders o
    where o.status = 'refunded'
      and not exists (select 1 from order_refunds r
        where r.order_id = o.id and r.status = 'refunded' and r.whole_order = 1)`.execute(db);

  // Each line no refund holds yet, held by the one record just written for its order.
  await sql`insert into order_refund_lines (line_id, refund_id)
    select l.id, (select min(r.id) from order_refunds r
      where r.order_id = l.order_id and r.reason <> 'support')
    from order_lines l
    where exists (select 1 from order_refunds r where r.order_id = l.order_id and r.reason <> 'support')
      and not exists (select 1 from order_refund_lines c where c.line_id = l.id)`.execute(db);

  const refundedOrders = sql`(select id from orders where status = 'refunded')`;
  const refundedAt = (orderId: string) =>
    sql`coalesce((select min(r.refunded_at) from order_refunds r
      where r.order_id = ${sql.ref(orderId)} and r.status = 'refunded'),
      (select o.created_at from orders o where o.id = ${sql.ref(orderId)}))`;
  await sql`update order_lines set refunded_at = ${refundedAt('order_lines.order_id')}
    where refunded_at is null and order_id in ${refundedOrders}`.execute(db);
  await sql`update entitlements set
      refunded_at = coalesce(revoked_at, ${refundedAt('entitlements.order_id')}),
      revoked_at = coalesce(revoked_at, ${refundedAt('entitlements.order_id')})
    where refunded_at is null and order_id in ${refundedOrders}`.execute(db);
  await sql`update orders set amount_refunded = amount_total, tax_refunded = amount_tax
    where status = 'refunded'`.execute(db);

  for (const column of ['outcome', 'refund_id', 'refund_attempted_at', 'refund_error'])
    await db.schema.alterTable('withdrawals').dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull().defaultTo('unconfirmed'))
    .execute();
  await db.schema.alterTable('withdrawals').addColumn('refund_id', 'varchar(255)').execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('refund_attempted_at', 'varchar(32)')
    .execute();
  await db.schema.alterTable('withdrawals').addColumn('refund_error', 'varchar(500)').execute();
  const refundOf = (column: string) =>
    sql`(select ${sql.ref(`r.${column}`)} from order_refunds r
      where r.order_id = withdrawals.order_id and r.reason = 'withdrawal')`;
  await sql`update withdrawals set
      outcome = case when confirmed_at is null then 'unconfirmed'
        when ${refundOf('status')} = 'refunded' then 'refunded' else 'refund-pending' end,
      refund_id = ${refundOf('provider_refund_id')},
      refund_attempted_at = ${refundOf('attempted_at')},
      refund_error = ${refundOf('error')}`.execute(db);
  await sql`delete from order_refund_lines where refund_id in
    (select id from order_refunds where reason <> 'support')`.execute(db);
  await sql`delete from order_refunds where reason <> 'support'`.execute(db);
  for (const column of ['end_subscription', 'idempotency_key', 'reason'])
    await db.schema.alterTable('order_refunds').dropColumn(column).execute();
}
