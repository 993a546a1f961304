/**
 * The contact form: a message is checked field by field, stored, and the shop owner is
 * notified by e-mail in the same transaction. No reply goes to the visitor
 * (docs/product.md#api).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { InvalidInputError, LimitReachedError } from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import { contactNotificationMail, enqueueMail } from '../mail/service.ts';
import { countContactSubmissionsSince, insertContactSubmission } from './repository.ts';
import { contactSubmissionSchema } from '@aba-shop/contract';

export interface FormsDependencies {
  db: Kysely<Database>;
  config: Config;
}

/** Most messages one address may send in an hour; more is a bot or a loop. */
const MESSAGES_PER_ADDRESS_PER_HOUR = 5;

/**
 * Takes a contact form as the browser sent it. Every wrong field is reported at once, in
 * `errors`; a bot that fills in the hidden field is answered as if sent, and nothing is kept.
 */
export async function submitContactForm(
  { db, config }: FormsDependencies,
  sent: unknown,
): Promise<void> {
  const parsed = contactSubmissionSchema.safeParse(sent);
  if (!parsed.success) {
    const errors = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message]),
    );
    throw new InvalidInputError(`Please correct the form: ${Object.values(errors).join('; ')}`, {
      errors,
    });
  }
  const form = parsed.data;
  if (form.website) return;
  const contact = {
    name: form.name,
    email: form.email.toLowerCase(),
    phone: form.phone,
    subject: form.subject,
    message: form.message,
    child_age: form.child_age,
  };
  const since = new Date(Date.now() - 3600_000).toISOString();
  if (
    (await countContactSubmissionsSince(db, contact.email, since)) >= MESSAGES_PER_ADDRESS_PER_HOUR
  ) {
    throw new LimitReachedError(
      'You have sent several messages in the last hour. Please wait a little before sending another.',
    );
  }
  await db.transaction().execute(async (trx) => {
    const id = await insertContactSubmission(trx, contact);
    await enqueueMail(trx, {
      to: config.OWNER_EMAIL,
      dedupeKey: `contact:${id}`,
      ...contactNotificationMail(contact),
    });
  });
}

// What a buyer's erasure and the retention sweep ask of this module (docs/product.md#your-data).
export { deleteContactMessagesBefore, eraseContactMessagesOf } from './repository.ts';
