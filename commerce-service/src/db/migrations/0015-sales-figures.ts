import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The owner's figures kept by the day (docs/product.md#sales-figures), so that a year is 365
 * rows rather than every order of it:
 * - `sales_days`: per currency and day, the orders placed there and what they brought in,
 *   with their tax and refunds;
 * - `sales_product_days`: per currency, day and product, the units and line amounts of the
 *   lines neither refunded nor in a refunded order;
 * - `funnel_days`: per day, how many times each step of the way to payment was taken;
 * and what they are made from: what was refunded of each order and line (a refund can be of
 * one line), whether an order was its address's first, and when a membership began and ended.
 *
 * The day sums are kept by the database itself, by triggers on `orders` and `order_lines`, so
 * that every change of an order (fulfilment, a refund from Stripe, the console or a
 * withdrawal) moves them in the same transaction whichever module makes it. An order deleted
 * when its retention ends stays in the sums: a past month's figures do not change.
 */

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** What of an order `row` (NEW or OLD) counts, as SQL; a refunded order was refunded in full. */
const orderFigures = (row: string, sign: string) => {
  const refunded = `case when ${row}.status = 'refunded' then ${row}.amount_total else ${row}.amount_refunded end`;
  const taxRefunded = `case when ${row}.status = 'refunded' then ${row}.amount_tax else ${row}.tax_refunded end`;
  return [
    `${row}.currency`,
    `substr(${row}.created_at, 1, 10)`,
    `${sign}1`,
    `${sign}(case when ${row}.status = 'paid' then 1 else 0 end)`,
    `${sign}(${row}.amount_total - ${row}.amount_tax - (${refunded}) + (${taxRefunded}))`,
    `${sign}(${row}.amount_tax - (${taxRefunded}))`,
    `${sign}(case when (${refunded}) > 0 then 1 else 0 end)`,
    `${sign}(${refunded})`,
    `${sign}${row}.first_order`,
  ].join(', ');
};

const DAY_COLUMNS = [
  'orders_placed',
  'orders_kept',
  'revenue',
  'tax',
  'refunded_orders',
  'refunded_amount',
  'first_orders',
];

const addToDay = (row: string, sign: string) =>
  `insert into sales_days (currency, day, ${DAY_COLUMNS.join(', ')})
   values (${orderFigures(row, sign)})
   on conflict (currency, day) do update set
   ${DAY_COLUMNS.map((column) => `${column} = sales_days.${column} + excluded.${column}`).join(', ')}`;

/** The lines of order `row` (NEW or OLD) as product sums of its day, signed. */
const addLinesOfOrder = (row: string, sign: string) =>
  `insert into sales_product_days (currency, day, product_id, product_name, units, sales)
   select ${row}.currency, substr(${row}.created_at, 1, 10), l.product_id, max(l.product_name),
     ${sign}coalesce(sum(case when ${row}.status = 'paid' and l.refunded_at is null then l.quantity else 0 end), 0),
     ${sign}coalesce(sum(case when ${row}.status = 'paid' and l.refunded_at is null then l.quantity * l.unit_amount else 0 end), 0)
   from order_lines l where l.order_id = ${row}.id group by l.product_id
   on conflict (currency, day, product_id) do update set
   units = sales_product_days.units + excluded.units,
   sales = sales_product_days.sales + excluded.sales`;

/** One line `row` (NEW or OLD) as a product sum of its order's day, signed. */
const addLine = (row: string, sign: string) =>
  `insert into sales_product_days (currency, day, product_id, product_name, units, sales)
   select o.currency, substr(o.created_at, 1, 10), ${row}.product_id, ${row}.product_name,
     ${sign}(case when o.status = 'paid' and ${row}.refunded_at is null then ${row}.quantity else 0 end),
     ${sign}(case when o.status = 'paid' and ${row}.refunded_at is null then ${row}.quantity * ${row}.unit_amount else 0 end)
   from orders o where o.id = ${row}.order_id
   on conflict (currency, day, product_id) do update set
   units = sales_product_days.units + excluded.units,
   sales = sales_product_days.sales + excluded.sales`;

/** Each trigger: its table, when it fires, and its statements (NEW and OLD as both databases name them). */
const TRIGGERS = [
  {
    name: 'sales_days_order_insert',
    table: 'orders',
    event: 'insert',
    statements: [addToDay('new', '')],
  },
  {
    name: 'sales_days_order_update',
    table: 'orders',
    event:
      'update of status, amount_total, amount_tax, amount_refunded, tax_refunded, created_at, currency, first_order',
    statements: [
      addToDay('old', '-'),
      addToDay('new', ''),
      addLinesOfOrder('old', '-'),
      addLinesOfOrder('new', ''),
    ],
  },
  {
    name: 'sales_product_days_line_insert',
    table: 'order_lines',
    event: 'insert',
    statements: [addLine('new', '')],
  },
  {
    name: 'sales_product_days_line_update',
    table: 'order_lines',
    event: 'update of refunded_at, quantity, unit_amount, product_id',
    statements: [addLine('old', '-'), addLine('new', '')],
  },
];

/**
 * Marks each address's earliest order in a currency as its first (ties broken by id), as
 * fulfilment marks an order when it is placed. Also used by the benches' seed, which inserts
 * orders in no order of time.
 */
export async function markFirstOrders(db: Kysely<unknown>) {
  await sql`update orders set first_order = 1 where not exists (
              select 1 from orders earlier where earlier.email = orders.email
              and earlier.currency = orders.currency
              and (earlier.created_at < orders.created_at
                   or (earlier.created_at = orders.created_at and earlier.id < orders.id)))`.execute(
    db,
  );
}

async function createTriggers(db: Kysely<unknown>) {
  for (const trigger of TRIGGERS) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `create function ${trigger.name}() returns trigger language plpgsql as $body$
           begin ${trigger.statements.map((statement) => `${statement};`).join('\n')} return null; end
           $body$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${trigger.name} after ${trigger.event} on ${trigger.table}
           for each row execute function ${trigger.name}()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `create trigger ${trigger.name} after ${trigger.event} on ${trigger.table}
           begin ${trigger.statements.map((statement) => `${statement};`).join('\n')} end`,
        )
        .execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('amount_refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tax_refunded', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('first_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('refunded_at', 'varchar(32)').execute();
  await db.schema.alterTable('memberships').addColumn('started_at', 'varchar(32)').execute();
  await db.schema.alterTable('memberships').addColumn('ended_at', 'varchar(32)').execute();

  await db.schema
    .createTable('sales_days')
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('orders_placed', 'integer', (col) => col.notNull())
    .addColumn('orders_kept', 'integer', (col) => col.notNull())
    .addColumn('revenue', 'bigint', (col) => col.notNull())
    .addColumn('tax', 'bigint', (col) => col.notNull())
    .addColumn('refunded_orders', 'integer', (col) => col.notNull())
    .addColumn('refunded_amount', 'bigint', (col) => col.notNull())
    .addColumn('first_orders', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_days_pk', ['currency', 'day'])
    .execute();
  await db.schema
    .createTable('sales_product_days')
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('product_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('product_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('units', 'integer', (col) => col.notNull())
    .addColumn('sales', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('sales_product_days_pk', ['currency', 'day', 'product_id'])
    .execute();
  await db.schema
    .createTable('funnel_days')
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('step', 'varchar(32)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('funnel_days_pk', ['day', 'step'])
    .execute();
  // Memberships that began or ended in a period, and those running at its end.
  await db.schema
    .createIndex('memberships_started')
    .on('memberships')
    .column('started_at')
    .execute();
  await db.schema.createIndex('memberships_ended').on('memberships').column('ended_at').execute();

  // What the shop already holds: refunded orders were refunded in full; each address's
  // earliest order in a currency was its first; a membership began with its record (or when
  // the shop first heard of it) and a cancelled one ended when it was last told.
  await sql`update orders set amount_refunded = amount_total, tax_refunded = amount_tax
            where status = 'refunded'`.execute(db);
  await markFirstOrders(db);
  await sql`update memberships set started_at = coalesce(
              (select min(r.created_at) from subscription_records r
               where r.subscription_id = memberships.subscription_id), updated_at)`.execute(db);
  await sql`update memberships set ended_at = updated_at where status = 'canceled'`.execute(db);
  await sql`insert into sales_days (currency, day, ${sql.raw(DAY_COLUMNS.join(', '))})
            select currency, substr(created_at, 1, 10), count(*),
              sum(case when status = 'paid' then 1 else 0 end),
              sum(amount_total - amount_tax - amount_refunded + tax_refunded),
              sum(amount_tax - tax_refunded),
              sum(case when amount_refunded > 0 then 1 else 0 end),
              sum(amount_refunded), sum(first_order)
            from orders group by currency, substr(created_at, 1, 10)`.execute(db);
  await sql`insert into sales_product_days (currency, day, product_id, product_name, units, sales)
            select o.currency, substr(o.created_at, 1, 10), l.product_id, max(l.product_name),
              sum(case when o.status = 'paid' then l.quantity else 0 end),
              sum(case when o.status = 'paid' then l.quantity * l.unit_amount else 0 end)
            from order_lines l join orders o on o.id = l.order_id
            group by o.currency, substr(o.created_at, 1, 10), l.product_id`.execute(db);
  await createTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) {
    await sql
      .raw(`drop trigger ${trigger.name}${isPostgres(db) ? ` on ${trigger.table}` : ''}`)
      .execute(db);
    if (isPostgres(db)) await sql.raw(`drop function ${trigger.name}()`).execute(db);
  }
  await db.schema.dropTable('funnel_days').execute();
  await db.schema.dropTable('sales_product_days').execute();
  await db.schema.dropTable('sales_days').execute();
  await db.schema.dropIndex('memberships_ended').execute();
  await db.schema.dropIndex('memberships_started').execute();
  await db.schema.alterTable('memberships').dropColumn('ended_at').execute();
  await db.schema.alterTable('memberships').dropColumn('started_at').execute();
  await db.schema.alterTable('order_lines').dropColumn('refunded_at').execute();
  await db.schema.alterTable('orders').dropColumn('first_order').execute();
  await db.schema.alterTable('orders').dropColumn('tax_refunded').execute();
  await db.schema.alterTable('orders').dropColumn('amount_refunded').execute();
}
