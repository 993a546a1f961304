import type { Kysely } from 'kysely';

/**
 * What a buyer can see and end of their library's access (docs/product.md#library):
 * `library_sessions.device`, the kind of device a library link opened, so that the buyer can
 * see their devices before signing them all out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('library_sessions').addColumn('device', 'varchar(80)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('library_sessions').dropColumn('device').execute();
}
