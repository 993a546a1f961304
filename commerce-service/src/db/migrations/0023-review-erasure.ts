import type { Kysely } from 'kysely';

/**
 * A review whose buyer was erased (docs/product.md#your-data): `reviews.erased_at`, set with its
 * words and names emptied, until the CMS has let go of its copy and the row goes too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('erased_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('erased_at').execute();
}
