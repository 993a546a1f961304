import { sql, type Kysely } from 'kysely';

/**
 * The downloads module's records leave the orders module's tables
 * (docs/adr/0045-each-table-written-by-its-owner.md):
 * - `library_links`: which library link of an order works, one row per order whose links were
 *   ever retired (an order without a row is at its first generation); it replaces
 *   `orders.library_generation`.
 * - An entitlement's download count and last download are read from the download log
 *   (`download_events`, kept since migration 0017), so `entitlements.download_count` and
 *   `last_download_at` go. Downloads made before the log existed are no longer counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_links')
    .addColumn('order_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('generation', 'integer', (col) => col.notNull())
    .execute();
  await sql`insert into library_links (order_id, generation)
    select id, library_generation from orders where library_generation <> 1`.execute(db);
  await db.schema.alterTable('orders').dropColumn('library_generation').execute();
  await db.schema.alterTable('entitlements').dropColumn('download_count').execute();
  await db.schema.alterTable('entitlements').dropColumn('last_download_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('entitlements').addColumn('last_download_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('entitlements')
    .addColumn('download_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update entitlements set
    download_count = (select count(*) from download_events e where e.entitlement_id = entitlements.id),
    last_download_at = (select max(e.at) from download_events e where e.entitlement_id = entitlements.id)`.execute(
    db,
  );
  await db.schema
    .alterTable('orders')
    .addColumn('library_generation', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`update orders set library_generation = coalesce(
    (select generation from library_links l where l.order_id = orders.id), 1)`.execute(db);
  await db.schema.dropTable('library_links').execute();
}
