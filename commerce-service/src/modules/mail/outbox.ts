/**
 * Mail is written to the outbox table first, in the same transaction as whatever caused it,
 * and sent later by the worker. An SMTP outage therefore delays mail but loses none.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Enqueueing twice with the same key keeps one message. */
  dedupeKey?: string;
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
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}
