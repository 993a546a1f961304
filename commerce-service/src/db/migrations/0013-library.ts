import type { Kysely } from 'kysely';

/**
 * The buyer's library (docs/product.md#library): each order's library link has a generation, so
 * that a resend retires the links sent before it; a library session is what a link opens on one
 * device (only its hash is kept); the place each address left each file at, and when it was
 * reached there, so that a place sent late (from a phone back online) never replaces a newer one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('library_generation', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('library_sessions')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('library_sessions_email')
    .on('library_sessions')
    .column('email')
    .execute();
  await db.schema
    .createTable('library_progress')
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('file_key', 'varchar(80)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('reached_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('library_progress_pk', ['email', 'file_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_progress').execute();
  await db.schema.dropTable('library_sessions').execute();
  await db.schema.alterTable('orders').dropColumn('library_generation').execute();
}
