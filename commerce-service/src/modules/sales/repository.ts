/**
 * The sales figures' SQL (docs/product.md#sales-figures), over the day sums the database keeps
 * as orders change (migration 0015): a period of a year reads 365 rows a table, whatever the
 * number of orders. Days are `YYYY-MM-DD` in UTC and compare as text.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Days `from` to `to` (both included), in one currency. */
export interface DayWindow {
  currency: string;
  from: string;
  to: string;
}

/** PostgreSQL answers sums as text (bigint); SQLite as numbers. */
const whole = (value: unknown) => Number(value ?? 0);

/** The window's days of `sales_days`. */
function salesDaysIn(db: Kysely<Database>, { currency, from, to }: DayWindow) {
  return db
    .selectFrom('sales_days')
    .where('currency', '=', currency)
    .where('day', '>=', from)
    .where('day', '<=', to);
}

export async function orderTotals(db: Kysely<Database>, window: DayWindow) {
  const row = await salesDaysIn(db, window)
    .select([
      sql<number>`sum(orders_placed)`.as('orders'),
      sql<number>`sum(orders_kept)`.as('kept'),
      sql<number>`sum(revenue)`.as('revenue'),
      sql<number>`sum(tax)`.as('tax'),
      sql<number>`sum(refunded_orders)`.as('refunds'),
      sql<number>`sum(refunded_amount)`.as('refunded'),
      sql<number>`sum(first_orders)`.as('firstOrders'),
    ])
    .executeTakeFirstOrThrow();
  return {
    orders: whole(row.orders),
    kept: whole(row.kept),
    revenue: whole(row.revenue),
    tax: whole(row.tax),
    refunds: whole(row.refunds),
    refunded: whole(row.refunded),
    firstOrders: whole(row.firstOrders),
  };
}

/** Orders and revenue of each day of the window that has orders. */
export async function ordersByDay(db: Kysely<Database>, window: DayWindow) {
  const rows = await salesDaysIn(db, window).select(['day', 'orders_placed', 'revenue']).execute();
  return rows.map((row) => ({
    day: row.day,
    orders: whole(row.orders_placed),
    revenue: whole(row.revenue),
  }));
}

/** Units and line amounts of each product in the window, of lines neither refunded nor in a refunded order. */
export async function salesByProduct(db: Kysely<Database>, window: DayWindow) {
  const rows = await db
    .selectFrom('sales_product_days')
    .where('currency', '=', window.currency)
    .where('day', '>=', window.from)
    .where('day', '<=', window.to)
    .select([
      'product_id as productId',
      sql<string>`max(product_name)`.as('name'),
      sql<number>`sum(units)`.as('units'),
      sql<number>`sum(sales)`.as('sales'),
    ])
    .groupBy('product_id')
    .having(sql<number>`sum(units)`, '>', 0)
    .execute();
  return rows
    .map((row) => ({
      productId: row.productId,
      name: row.name,
      units: whole(row.units),
      sales: whole(row.sales),
    }))
    .sort((a, b) => b.sales - a.sales || a.productId.localeCompare(b.productId));
}

/**
 * Memberships running at `start` and at `end` (ISO times), and those begun and ended between:
 * a membership runs from when the shop first heard of it until it was cancelled.
 */
export async function membershipCounts(db: Kysely<Database>, start: string, end: string) {
  const runningAt = (time: string) =>
    sql<number>`sum(case when started_at < ${time} and (ended_at is null or ended_at >= ${time}) then 1 else 0 end)`;
  const row = await db
    .selectFrom('memberships')
    .where('started_at', '<', end)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>=', start)]))
    .select([
      runningAt(start).as('atStart'),
      runningAt(end).as('atEnd'),
      sql<number>`sum(case when started_at >= ${start} then 1 else 0 end)`.as('started'),
      sql<number>`sum(case when ended_at < ${end} then 1 else 0 end)`.as('ended'),
    ])
    .executeTakeFirstOrThrow();
  return {
    atStart: whole(row.atStart),
    atEnd: whole(row.atEnd),
    started: whole(row.started),
    ended: whole(row.ended),
  };
}

/**
 * One batch of the orders placed from `start` (included) to `end` (excluded), ISO times, oldest
 * first, after the order `after`, with their lines: by the `orders_created` index.
 */
export async function ordersForExport(
  db: Kysely<Database>,
  window: { currency: string; start: string; end: string },
  after: { createdAt: string; id: string } | null,
  batch: number,
) {
  let query = db
    .selectFrom('orders')
    .where('currency', '=', window.currency)
    .where('created_at', '>=', window.start)
    .where('created_at', '<', window.end)
    .select([
      'id',
      'number',
      'created_at',
      'email',
      'status',
      'currency',
      'amount_subtotal',
      'amount_discount',
      'amount_tax',
      'amount_total',
      'amount_refunded',
      'tax_refunded',
    ])
    .orderBy('created_at')
    .orderBy('id')
    .limit(batch);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  const orders = await query.execute();
  const lines =
    orders.length === 0
      ? []
      : await db
          .selectFrom('order_lines')
          .where(
            'order_id',
            'in',
            orders.map((order) => order.id),
          )
          .select(['order_id', 'product_name', 'quantity', 'refunded_at'])
          .orderBy('order_id')
          .orderBy('product_name')
          .execute();
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines)
    linesOf.set(line.order_id, [...(linesOf.get(line.order_id) ?? []), line]);
  return orders.map((order) => ({ ...order, lines: linesOf.get(order.id) ?? [] }));
}
