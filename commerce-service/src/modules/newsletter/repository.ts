/** The newsletter's subscribers and the issues sent (docs/product.md#keeping-in-touch). */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, NewsletterSubscriberTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type NewsletterSubscriber = Selectable<NewsletterSubscriberTable>;

export function findSubscriber(db: Db, email: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Writes the address's record whole, whether it had one or not. */
export async function saveSubscriber(db: Db, subscriber: NewsletterSubscriber): Promise<void> {
  const { email, ...rest } = subscriber;
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: email.toLowerCase(), ...rest })
    .onConflict((conflict) => conflict.column('email').doUpdateSet(rest))
    .execute();
}

export function deleteSubscriber(db: Db, email: string) {
  return db.deleteFrom('newsletter_subscribers').where('email', '=', email.toLowerCase()).execute();
}

export async function confirmedAddresses(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select('email')
    .where('status', '=', 'confirmed')
    .orderBy('confirmed_at')
    .execute();
  return rows.map((row) => row.email);
}

export async function countSubscribers(db: Db) {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['status', sql<number>`count(*)`.as('count')])
    .groupBy('status')
    .execute();
  const counts = { confirmed: 0, pending: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** Records an issue as sent; false when it was already (another replica, a second signal). */
export async function recordIssueOnce(
  db: Db,
  issue: { id: string; subject: string; recipients: number; startedAt: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('newsletter_issues')
    .values({
      id: issue.id,
      subject: issue.subject,
      recipients: issue.recipients,
      started_at: issue.startedAt,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function findIssue(db: Db, id: string) {
  return db.selectFrom('newsletter_issues').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function knownIssueIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('newsletter_issues')
    .select('id')
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** How many of an issue's messages have left the outbox. */
export async function countIssueMailsSent(db: Db, issueId: string): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(sql<number>`count(*)`.as('count'))
    .where('dedupe_key', 'like', `newsletter:${issueId}:%`)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
