import type { Kysely } from 'kysely';

/**
 * The withdrawal function (docs/product.md#withdrawal): each withdrawal the shop received, with
 * when, for which contract, from whom, in which language, and what the shop did. One per order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('checkout_session_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('product_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('channel', 'varchar(16)', (col) => col.notNull())
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('outcome', 'varchar(16)', (col) => col.notNull())
    .addColumn('amount_refunded', 'integer', (col) => col.notNull())
    .addColumn('currency', 'varchar(8)', (col) => col.notNull())
    .addColumn('refund_id', 'varchar(255)')
    .execute();
  // Support's list, newest first.
  await db.schema
    .createIndex('withdrawals_received')
    .on('withdrawals')
    .columns(['received_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
}
