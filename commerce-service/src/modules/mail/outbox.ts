/**
 * Mail is written to the outbox table first, in the same transaction as whatever caused it,
 * and sent later by the worker. An SMTP outage therefore delays mail but loses none.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Enqueueing twice with the same key keeps one message. */
  dedupeKey?: string;
  /** Where a reply goes, when not to the sender (the welcome's check-in reaches support). */
  replyTo?: string;
  /**
   * The one-click unsubscribe address of a message not needed for an order: sent as
   * `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058).
   */
  listUnsubscribe?: string;
  /** Not sent before then (a newsletter issue is spread out over time). */
  notBefore?: string;
}

export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  mail: OutgoingMail,
) {
  const now = new Date().toISOString();
  await db
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      dedupe_key: mail.dedupeKey ?? null,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: mail.notBefore ?? now,
      last_error: null,
      created_at: now,
      sent_at: null,
      reply_to: mail.replyTo ?? null,
      list_unsubscribe: mail.listUnsubscribe ?? null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Rewrites a message that no worker has taken yet (never tried, not leased), so that it says
 * what became true after it was queued; false when it is on its way already and stays as it
 * was. The worker's lease moves `next_attempt_at` forward, so a message it holds is left alone.
 */
export async function reviseQueuedMail(
  db: Kysely<Database> | Transaction<Database>,
  dedupeKey: string,
  mail: Pick<OutgoingMail, 'subject' | 'text' | 'html'>,
): Promise<boolean> {
  const revised = await db
    .updateTable('mail_outbox')
    .set({ subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
    .where('dedupe_key', '=', dedupeKey)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '<=', new Date().toISOString())
    .executeTakeFirst();
  return Number(revised.numUpdatedRows) === 1;
}

/**
 * Takes back the messages to an address that are not sent yet and whose dedupe key starts with
 * `kind` (`newsletter:`): an unsubscribe takes its issues back with it.
 */
export async function dropQueuedMail(
  db: Kysely<Database> | Transaction<Database>,
  { to, kind }: { to: string; kind: string },
): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('to_address', '=', to.toLowerCase())
    .where('status', '=', 'pending')
    .where('dedupe_key', 'like', `${kind}%`)
    .execute();
}

/** Deletes every message to an address, and about it (the contact form's note to the owner). */
export async function eraseMailOf(trx: Transaction<Database>, email: string): Promise<void> {
  await trx
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        sameAddress('to_address', email),
        sql<boolean>`lower(text_body) like ${`%${email}%`}`,
      ]),
    )
    .execute();
}

/** Deletes the mail sent before `before`; answers how many went. */
export async function deleteSentMailBefore(
  trx: Transaction<Database>,
  before: string,
): Promise<number> {
  const deleted = await trx
    .deleteFrom('mail_outbox')
    .where('status', '=', 'sent')
    .where('sent_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
