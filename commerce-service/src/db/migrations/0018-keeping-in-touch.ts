import type { Kysely } from 'kysely';

/**
 * Keeping in touch (docs/product.md#keeping-in-touch, docs/adr/0035-scheduled-messages.md):
 * - `scheduled_messages`: "send this at that time unless something changed", one row per kind
 *   of message and subject (an order, a checkout session), so nothing is scheduled twice;
 * - `newsletter_subscribers`: each address that asked for the newsletter, with the consent it
 *   gave (text, version, source, language, times) and where it stands;
 * - `newsletter_issues`: each issue the CMS published, sent once, with how many it went to;
 * - `reviews`: what verified buyers wrote, one per order and eBook, until the CMS has it;
 * - the outbox's messages gain a Reply-To and a one-click unsubscribe address (RFC 8058).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_messages')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('subject_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('due_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('details', 'text')
    .addColumn('cancel_reason', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('done_at', 'varchar(32)')
    .addUniqueConstraint('scheduled_messages_once', ['kind', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('scheduled_messages_due')
    .on('scheduled_messages')
    .columns(['status', 'due_at'])
    .execute();
  await db.schema
    .createIndex('scheduled_messages_email')
    .on('scheduled_messages')
    .column('email')
    .execute();
  await db.schema
    .createIndex('scheduled_messages_subject')
    .on('scheduled_messages')
    .column('subject_id')
    .execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('email', 'varchar(320)', (col) => col.primaryKey())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('source', 'varchar(16)')
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('consent_text', 'text')
    .addColumn('consent_version', 'varchar(32)')
    .addColumn('order_id', 'varchar(64)')
    .addColumn('requested_at', 'varchar(32)')
    .addColumn('confirmation_sent_at', 'varchar(32)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('unsubscribed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('newsletter_subscribers_status')
    .on('newsletter_subscribers')
    .column('status')
    .execute();

  await db.schema
    .createTable('newsletter_issues')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('subject', 'varchar(255)', (col) => col.notNull())
    .addColumn('recipients', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('product_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('product_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('first_name', 'varchar(64)')
    .addColumn('child_age', 'varchar(32)')
    .addColumn('submitted_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('cms_document_id', 'varchar(64)')
    .addColumn('delivery_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('reviews_once', ['order_id', 'product_id'])
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'varchar(320)').execute();
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('list_unsubscribe', 'varchar(2048)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('list_unsubscribe').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('reply_to').execute();
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('newsletter_issues').execute();
  await db.schema.dropTable('newsletter_subscribers').execute();
  await db.schema.dropTable('scheduled_messages').execute();
}
