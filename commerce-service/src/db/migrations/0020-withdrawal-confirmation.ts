import { sql, type Kysely } from 'kysely';

/**
 * A withdrawal asked signed out is kept at once and takes effect when confirmed from the
 * order's mailbox (docs/product.md#withdrawal): `withdrawals.confirmed_at`, when it took effect.
 * The ones kept before took effect when they were received. `outcome` gains `unconfirmed`,
 * which fits its 16 characters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').addColumn('confirmed_at', 'varchar(32)').execute();
  await sql`update withdrawals set confirmed_at = received_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('confirmed_at').execute();
}
