/**
 * The sales figures' SQL (docs/product.md#sales-figures): each is one query over the orders of
 * a period, by the `orders_created` index (migration 0006), the same on SQLite and PostgreSQL.
 * Times are ISO strings in UTC, so a day is the first ten characters and a period compares as
 * text.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Orders placed from `start` (included) to `end` (excluded), in one currency. */
export interface OrderWindow {
  currency: string;
  start: string;
  end: string;
}

const kept = sql<number>`case when status = 'paid' then 1 else 0 end`;
/** What an order not refunded brought in: charged, less tax. */
const keptRevenue = sql<number>`case when status = 'paid' then amount_total - amount_tax else 0 end`;

/** PostgreSQL answers sums as text (bigint); SQLite as numbers. */
const whole = (value: unknown) => Number(value ?? 0);

function ordersIn(db: Kysely<Database>, { currency, start, end }: OrderWindow) {
  return db
    .selectFrom('orders')
    .where('currency', '=', currency)
    .where('created_at', '>=', start)
    .where('created_at', '<', end);
}

export async function orderTotals(db: Kysely<Database>, window: OrderWindow) {
  const row = await ordersIn(db, window)
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(${kept})`.as('kept'),
      sql<number>`sum(${keptRevenue})`.as('revenue'),
      sql<number>`sum(case when status = 'paid' then amount_tax else 0 end)`.as('tax'),
      sql<number>`sum(case when status = 'refunded' then 1 else 0 end)`.as('refunds'),
      sql<number>`sum(case when status = 'refunded' then amount_total else 0 end)`.as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  return {
    orders: whole(row.orders),
    kept: whole(row.kept),
    revenue: whole(row.revenue),
    tax: whole(row.tax),
    refunds: whole(row.refunds),
    refunded: whole(row.refunded),
  };
}

/** The period's buyers and whether each had ordered before it. */
export async function buyersIn(db: Kysely<Database>, window: OrderWindow) {
  const rows = await ordersIn(db, window)
    .select('email')
    .distinct()
    .select((eb) =>
      eb
        .selectFrom('orders as earlier')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('earlier.email', '=', 'orders.email')
        .where('earlier.currency', '=', window.currency)
        .where('earlier.created_at', '<', window.start)
        .as('before'),
    )
    .execute();
  const returning = rows.filter((row) => whole(row.before) > 0).length;
  return { newBuyers: rows.length - returning, returningBuyers: returning };
}

/** Orders and revenue of each day of the window that has orders. */
export async function ordersByDay(db: Kysely<Database>, window: OrderWindow) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await ordersIn(db, window)
    .select([
      day.as('day'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(${keptRevenue})`.as('revenue'),
    ])
    .groupBy(day)
    .execute();
  return rows.map((row) => ({
    day: row.day,
    orders: whole(row.orders),
    revenue: whole(row.revenue),
  }));
}

/** Units and line amounts of each product in the window's orders not refunded. */
export async function salesByProduct(db: Kysely<Database>, window: OrderWindow) {
  const rows = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .where('orders.currency', '=', window.currency)
    .where('orders.created_at', '>=', window.start)
    .where('orders.created_at', '<', window.end)
    .where('orders.status', '=', 'paid')
    .select([
      'order_lines.product_id as productId',
      sql<string>`max(order_lines.product_name)`.as('name'),
      sql<number>`sum(order_lines.quantity)`.as('units'),
      sql<number>`sum(order_lines.quantity * order_lines.unit_amount)`.as('sales'),
    ])
    .groupBy('order_lines.product_id')
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
