import type { Kysely } from 'kysely';

/**
 * The buyer's data on request (docs/product.md#your-data): each erasure request, from the
 * buyer's account to support's processing of it. Once processed it keeps no address, only the
 * placeholder the buyer's kept orders carry, when, by whom and what was removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_requests')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('requested_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('processed_at', 'varchar(32)')
    .addColumn('processed_by', 'varchar(320)')
    // JSON text: what processing removed or anonymised.
    .addColumn('outcome', 'text')
    .execute();
  // Support's list, newest first, and a buyer's own requests.
  await db.schema
    .createIndex('data_requests_requested')
    .on('data_requests')
    .columns(['requested_at', 'id'])
    .execute();
  await db.schema
    .createIndex('data_requests_email')
    .on('data_requests')
    .columns(['email', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_requests').execute();
}
