import type { Kysely } from 'kysely';

/**
 * Refunds from the support console (docs/product.md#refunds-from-the-console,
 * docs/adr/0033-console-refunds-and-disputes.md):
 * - `order_refunds`: each refund an administrator asked, written before the payment provider is
 *   asked (its id is the provider's idempotency key), pending until the provider has made it,
 *   with when it was last tried and the provider's words when it failed;
 * - `order_refund_lines`: the lines each refund claims, one row per line, so that the primary
 *   key refuses a line claimed twice, by two administrators at once included;
 * - `entitlements.refunded_at`: a file whose line was refunded, so that its link answers the
 *   refund's message and support's revoke and restore leave it alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_refunds')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('tax', 'integer', (col) => col.notNull())
    .addColumn('whole_order', 'integer', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('actor', 'varchar(320)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('attempted_at', 'varchar(32)')
    .addColumn('refunded_at', 'varchar(32)')
    .addColumn('provider_refund_id', 'varchar(255)')
    .addColumn('error', 'varchar(500)')
    .execute();
  await db.schema
    .createIndex('order_refunds_order')
    .on('order_refunds')
    .column('order_id')
    .execute();
  // The retry's question: the pending ones, by when they were last tried.
  await db.schema
    .createIndex('order_refunds_pending')
    .on('order_refunds')
    .columns(['status', 'attempted_at'])
    .execute();
  await db.schema
    .createTable('order_refund_lines')
    .addColumn('line_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('refund_id', 'varchar(64)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('order_refund_lines_refund')
    .on('order_refund_lines')
    .column('refund_id')
    .execute();
  await db.schema.alterTable('entitlements').addColumn('refunded_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entitlements').dropColumn('refunded_at').execute();
  await db.schema.dropTable('order_refund_lines').execute();
  await db.schema.dropTable('order_refunds').execute();
}
