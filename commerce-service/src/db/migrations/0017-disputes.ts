import type { Kysely } from 'kysely';

/**
 * Disputes (docs/product.md#disputes, docs/adr/0033-console-refunds-and-disputes.md):
 * - `disputes`: each dispute Stripe tells of, with its order, reason, amount, status, when the
 *   evidence is due and was submitted, and its outcome; `created_at` indexed, as the owner's
 *   figures will count disputes opened in a period;
 * - `download_events`: each counted download of a file, with when and by which client (its
 *   address as the shop trusts it, and its user agent), the download log a dispute's evidence
 *   shows. Deleted with its entitlement (an erasure) and its order (the retention's end).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('disputes')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('charge_id', 'varchar(255)')
    .addColumn('reason', 'varchar(64)', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency', 'varchar(8)', (col) => col.notNull())
    .addColumn('status', 'varchar(64)', (col) => col.notNull())
    .addColumn('evidence_due_by', 'varchar(32)')
    .addColumn('evidence_submitted_at', 'varchar(32)')
    .addColumn('evidence_submitted_by', 'varchar(320)')
    .addColumn('outcome', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('disputes_order').on('disputes').column('order_id').execute();
  await db.schema.createIndex('disputes_created').on('disputes').column('created_at').execute();
  await db.schema
    .createTable('download_events')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('entitlement_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('order_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_key', 'varchar(255)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema
    .createIndex('download_events_order')
    .on('download_events')
    .columns(['order_id', 'at'])
    .execute();
  await db.schema
    .createIndex('download_events_entitlement')
    .on('download_events')
    .column('entitlement_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_events').execute();
  await db.schema.dropTable('disputes').execute();
}
