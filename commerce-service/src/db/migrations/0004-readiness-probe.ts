import type { Kysely } from 'kysely';

/** The row /readyz rewrites to prove the database takes writes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('readiness_probe')
    .addColumn('id', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('checked_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('readiness_probe').execute();
}
