import type { Kysely } from 'kysely';

/**
 * A withdrawal is recorded before its refund is asked of the provider
 * (docs/adr/0026-withdrawal-function.md): when the refund was last tried, and the provider's
 * words when it failed, so that the retry knows what is due and support sees why one waits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('refund_attempted_at', 'varchar(32)')
    .execute();
  await db.schema.alterTable('withdrawals').addColumn('refund_error', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('withdrawals').dropColumn('refund_error').execute();
  await db.schema.alterTable('withdrawals').dropColumn('refund_attempted_at').execute();
}
