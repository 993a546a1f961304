import type { Kysely } from 'kysely';

/**
 * The member resources' e-mails (docs/product.md#member-resources): when the shop first saw
 * each resource published, so that members who join later are not e-mailed it, and which
 * address was e-mailed which resource, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_resources_seen')
    .addColumn('resource_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('first_seen_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('member_resource_mails')
    .addColumn('resource_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('queued_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('member_resource_mails_pk', ['resource_id', 'email'])
    .execute();
  await db.schema
    .createIndex('member_resource_mails_email')
    .on('member_resource_mails')
    .column('email')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_resource_mails').execute();
  await db.schema.dropTable('member_resources_seen').execute();
}
