import type { Kysely } from 'kysely';

/** When each sign-in code was asked for, to throttle resends per address. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_code_requests')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('requested_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_code_requests_email')
    .on('sign_in_code_requests')
    .columns(['email', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_code_requests').execute();
}
