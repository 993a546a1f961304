import type { Kysely } from 'kysely';

/**
 * When fresh download links were asked for each address, so that an inbox is sent them only a
 * few times an hour whoever asks (docs/product.md#e-mail-my-links). The address is kept as a
 * keyed hash: the table holds whatever strangers type, and only needs to tell addresses apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('download_link_requests')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('address_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('requested_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('download_link_requests_address')
    .on('download_link_requests')
    .columns(['address_key', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('download_link_requests').execute();
}
