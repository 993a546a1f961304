import { sql, type Kysely } from 'kysely';

/**
 * What an order actually charged (docs/product.md#charged-amounts) and the membership's life
 * (docs/product.md#the-membership): an order keeps its subtotal, discount and tax beside the
 * total, and when the buyer accepted the terms; a subscription record names the provider's
 * subscription, whose state the `memberships` table follows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('amount_subtotal', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('amount_discount', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('amount_tax', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('terms_accepted_at', 'varchar(32)').execute();
  // Orders from before this migration charged exactly their lines.
  await sql`update orders set amount_subtotal = amount_total`.execute(db);

  await db.schema
    .alterTable('subscription_records')
    .addColumn('subscription_id', 'varchar(255)')
    .execute();
  await db.schema
    .createIndex('subscription_records_subscription_id')
    .on('subscription_records')
    .column('subscription_id')
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('subscription_id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('customer_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('current_period_end', 'varchar(32)')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    // When the provider said this state (Unix seconds): an older word never overwrites it.
    .addColumn('state_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropIndex('subscription_records_subscription_id').execute();
  await db.schema.alterTable('subscription_records').dropColumn('subscription_id').execute();
  for (const column of ['terms_accepted_at', 'amount_tax', 'amount_discount', 'amount_subtotal']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
