/** The contact form's SQL: messages kept, and how many an address sent lately. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';
import type { ContactDetails } from '../mail/service.ts';

/** How many messages this address has sent since then. */
export async function countContactSubmissionsSince(
  db: Kysely<Database>,
  email: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('contact_submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Stores a message; returns its id. */
export async function insertContactSubmission(
  trx: Transaction<Database>,
  contact: ContactDetails,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('contact_submissions')
    .values({ id, ...contact, created_at: new Date().toISOString() })
    .execute();
  return id;
}

/** Deletes the contact messages an address sent (its erasure); answers how many. */
export async function eraseContactMessagesOf(trx: Transaction<Database>, email: string) {
  const deleted = await trx
    .deleteFrom('contact_submissions')
    .where(sameAddress('email', email))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Deletes the contact messages sent before `before`; answers how many. */
export async function deleteContactMessagesBefore(trx: Transaction<Database>, before: string) {
  const deleted = await trx
    .deleteFrom('contact_submissions')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
