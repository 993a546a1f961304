import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../plugins/config.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { contactNotificationMail } from '../mail/templates.ts';
import type { ContactSubmission } from './schemas.ts';

/** Most messages one address may send in an hour; more is a bot or a loop. */
export const MESSAGES_PER_ADDRESS_PER_HOUR = 5;

export async function recentSubmissionCount(db: Kysely<Database>, email: string): Promise<number> {
  const since = new Date(Date.now() - 3600_000).toISOString();
  const row = await db
    .selectFrom('contact_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores the message first, then queues the owner's notification in the same transaction. */
export async function submitContactForm(
  db: Kysely<Database>,
  config: Config,
  form: ContactSubmission,
) {
  const contact = {
    name: form.name,
    email: form.email.toLowerCase(),
    phone: form.phone,
    subject: form.subject,
    message: form.message,
    child_age: form.child_age,
  };
  await db.transaction().execute(async (trx) => {
    const id = randomUUID();
    await trx
      .insertInto('contact_submissions')
      .values({ id, ...contact, created_at: new Date().toISOString() })
      .execute();
    await enqueueMail(trx, {
      to: config.OWNER_EMAIL,
      dedupeKey: `contact:${id}`,
      ...contactNotificationMail(contact),
    });
  });
}
