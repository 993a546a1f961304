import { PostgresAdapter, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('file_keys', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('products').addColumn('billing_interval', 'varchar(16)').execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('provider', 'varchar(16)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('mode', 'varchar(16)', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('amount_total', 'integer', (col) => col.notNull())
    .addColumn('lines', 'text', (col) => col.notNull())
    .addColumn('success_path', 'varchar(512)', (col) => col.notNull())
    .addColumn('cancel_path', 'varchar(512)', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('customer_email', 'varchar(320)')
    .addColumn('customer_id', 'varchar(255)')
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    // One order per checkout session: the constraint that makes fulfilment happen once.
    .addColumn('checkout_session_id', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('amount_total', 'integer', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('orders_email').on('orders').column('email').execute();
  await db.schema
    .createIndex('orders_payment_intent')
    .on('orders')
    .column('payment_intent_id')
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('product_name', 'varchar(200)', (col) => col.notNull())
    .addColumn('product_type', 'varchar(32)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_amount', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('entitlements')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) =>
      col.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_key', 'varchar(128)', (col) => col.notNull())
    .addColumn('download_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_download_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('entitlements_order_file', ['order_id', 'file_key'])
    .execute();

  await db.schema
    .createTable('subscription_records')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('session_id', 'varchar(255)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('type', 'varchar(128)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('dedupe_key', 'varchar(255)', (col) => col.unique())
    .addColumn('to_address', 'varchar(320)', (col) => col.notNull())
    .addColumn('subject', 'varchar(300)', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('contact_submissions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('phone', 'varchar(20)')
    .addColumn('subject', 'varchar(64)', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('child_age', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'contact_submissions',
    'mail_outbox',
    'webhook_events',
    'subscription_records',
    'entitlements',
    'order_lines',
    'orders',
    'checkout_sessions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('products').dropColumn('billing_interval').execute();
  await db.schema.alterTable('products').dropColumn('file_keys').execute();
}
