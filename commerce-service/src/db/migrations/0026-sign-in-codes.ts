import type { Kysely } from 'kysely';

/**
 * Sign-in codes the shop's own (docs/product.md#sign-in-codes): each request keeps its code's
 * hash, the hash of the browser's key the code is bound to, how many wrong codes were entered
 * for it, when it expires and when it was used. Several codes of one address live side by side,
 * so a stranger's request neither replaces nor spends the owner's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sign_in_code_requests')
    .addColumn('code_hash', 'varchar(64)')
    .execute();
  await db.schema
    .alterTable('sign_in_code_requests')
    .addColumn('browser_hash', 'varchar(64)')
    .execute();
  await db.schema
    .alterTable('sign_in_code_requests')
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('sign_in_code_requests')
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema.alterTable('sign_in_code_requests').addColumn('used_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['used_at', 'expires_at', 'failed_attempts', 'browser_hash', 'code_hash'])
    await db.schema.alterTable('sign_in_code_requests').dropColumn(column).execute();
}
