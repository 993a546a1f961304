import { sql, type Kysely } from 'kysely';

/**
 * The support console (docs/product.md#support-console): the audit trail of administrators'
 * actions, and the indexes that let support search and page 100,000 orders and records
 * without reading them all (docs/performance.md#support-console-at-scale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_actions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('actor', 'varchar(320)', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('subject_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('subject_id', 'varchar(255)', (col) => col.notNull())
    // JSON text: the fields the action touched, before and after it.
    .addColumn('before_state', 'text')
    .addColumn('after_state', 'text')
    .execute();
  await db.schema
    .createIndex('admin_actions_subject')
    .on('admin_actions')
    .columns(['subject_type', 'subject_id', 'at'])
    .execute();

  // Newest first, for the first page and every page after it.
  await db.schema
    .createIndex('orders_created')
    .on('orders')
    .columns(['created_at', 'id'])
    .execute();
  // A buyer's orders, newest first, without a sort (the console and /account).
  await db.schema.dropIndex('orders_email').execute();
  await db.schema
    .createIndex('orders_email')
    .on('orders')
    .columns(['email', 'created_at', 'id'])
    .execute();
  // An order's lines and files, looked up for each order a page shows.
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('entitlements_order').on('entitlements').column('order_id').execute();

  await db.schema
    .createIndex('subscription_records_created')
    .on('subscription_records')
    .columns(['created_at', 'id'])
    .execute();
  // Records keep the address as it was typed; search finds it whatever its case.
  await db.schema
    .createIndex('subscription_records_email')
    .on('subscription_records')
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('subscription_records_user')
    .on('subscription_records')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'subscription_records_user',
    'subscription_records_email',
    'subscription_records_created',
    'entitlements_order',
    'order_lines_order',
    'orders_email',
    'orders_created',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.createIndex('orders_email').on('orders').column('email').execute();
  await db.schema.dropTable('admin_actions').execute();
}
