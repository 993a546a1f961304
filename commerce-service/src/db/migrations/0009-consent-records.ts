import type { Kysely } from 'kysely';

/**
 * Consent records (docs/product.md#cookie-consent): every answer a browser gave to the cookie
 * banner, with the text version it answered, its language and when the shop received it; the
 * signed-in user's id and address too, so their data export lists them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('consent_records')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('consent_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('choice', 'varchar(16)', (col) => col.notNull())
    .addColumn('text_version', 'varchar(32)', (col) => col.notNull())
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('recorded_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(255)')
    .addColumn('email', 'varchar(320)')
    .execute();
  // One browser's history, and one buyer's records for their export or erasure.
  await db.schema
    .createIndex('consent_records_consent')
    .on('consent_records')
    .columns(['consent_id', 'recorded_at'])
    .execute();
  await db.schema
    .createIndex('consent_records_email')
    .on('consent_records')
    .column('email')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_records').execute();
}
