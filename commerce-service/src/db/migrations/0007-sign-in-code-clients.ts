import type { Kysely } from 'kysely';

/**
 * Which client asked for each sign-in code, so that the hourly budget of codes is counted per
 * address and client and a stranger cannot spend an administrator's
 * (docs/product.md#sign-in-codes). Requests made before have none and count for no client.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sign_in_code_requests').addColumn('client', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sign_in_code_requests').dropColumn('client').execute();
}
