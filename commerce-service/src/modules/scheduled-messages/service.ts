/**
 * The schedule of messages: "send this at that time unless something changed"
 * (docs/product.md#keeping-in-touch, docs/adr/0035-scheduled-messages.md). A row is written in
 * the transaction of what caused it; the pass takes each due row in a transaction of its own,
 * asks the kind's builder what to send now, and puts that in the mail outbox in the same
 * transaction, so every replica may run the pass and each message still goes out once. What
 * each kind says is the follow-ups module's; this module knows only when and to whom.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, ScheduledMessageKind } from '../../db/schema.ts';
import { enqueueMail, type OutgoingMail } from '../mail/service.ts';
import {
  cancelPending,
  closeScheduledMessage,
  deleteScheduledMessagesOf,
  insertScheduledMessage,
  lockNextDue,
  postponeScheduledMessage,
  type ScheduledMessage,
} from './repository.ts';

export { listScheduledMessagesOf, type ScheduledMessage } from './repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
const DAY_MS = 24 * 60 * 60_000;

/** After a paid order with an eBook: the welcome's two messages and the review request. */
const PURCHASE_FOLLOW_UPS: readonly { kind: ScheduledMessageKind; afterDays: number }[] = [
  { kind: 'welcome-start', afterDays: 2 },
  { kind: 'welcome-check-in', afterDays: 7 },
  { kind: 'review-request', afterDays: 14 },
];

/** In the order's transaction: what follows a paid order with an eBook. */
export async function schedulePurchaseFollowUps(
  db: Db,
  order: { orderId: string; email: string; paidAt: Date },
): Promise<void> {
  for (const { kind, afterDays } of PURCHASE_FOLLOW_UPS)
    await insertScheduledMessage(db, {
      kind,
      subjectId: order.orderId,
      email: order.email,
      dueAt: new Date(order.paidAt.getTime() + afterDays * DAY_MS).toISOString(),
    });
}

/**
 * A checkout left unpaid by a buyer who agreed to be contacted: one reminder, ever, that many
 * minutes from now (CHECKOUT_RECOVERY_MINUTES).
 */
export async function scheduleCheckoutReminder(
  db: Db,
  reminder: { sessionId: string; email: string; afterMinutes: number; recoveryUrl: string },
): Promise<void> {
  await insertScheduledMessage(db, {
    kind: 'checkout-reminder',
    subjectId: reminder.sessionId,
    email: reminder.email,
    dueAt: new Date(Date.now() + reminder.afterMinutes * 60_000).toISOString(),
    details: { recoveryUrl: reminder.recoveryUrl },
  });
}

/** The order was refunded or withdrawn from: nothing more about it. */
export function cancelOrderFollowUps(db: Db, orderId: string, reason: string) {
  return cancelPending(db, { subjectId: orderId }, reason);
}

/**
 * The address unsubscribed: nothing scheduled reaches it. Every kind is a message the buyer may
 * stop; none is needed for an order's contract.
 */
export function cancelMessagesTo(db: Db, email: string, reason: string) {
  return cancelPending(db, { email }, reason);
}

/** An erasure (docs/product.md#your-data): the address's schedule goes, sent and unsent. */
export async function eraseScheduleOfEmail(db: Db, email: string): Promise<void> {
  await deleteScheduledMessagesOf(db, email);
}

/** The address paid for an order: a reminder of a basket it left is pointless now. */
export function cancelCheckoutRemindersTo(db: Db, email: string) {
  return cancelPending(db, { email, kinds: ['checkout-reminder'] }, 'paid');
}

/** What a due message becomes: a mail, or a reason it is not sent after all. */
export type BuiltMessage = { mail: OutgoingMail } | { cancel: string };
export type BuildMessage = (
  trx: Transaction<Database>,
  message: ScheduledMessage,
) => Promise<BuiltMessage>;

/** How many due messages one pass takes at most; the next pass takes the rest. */
const PASS_LIMIT = 200;

/** A message whose builder failed (the database, a bug) is tried again this much later. */
const RETRY_AFTER_MS = 5 * 60_000;

/**
 * Sends (to the outbox) or cancels every due message, each in its own transaction; how many
 * were sent. A builder that throws leaves its row pending, tried again a few minutes later.
 */
export async function runDueMessages(
  db: Kysely<Database>,
  build: BuildMessage,
  {
    now = () => new Date(),
    onError,
  }: { now?: () => Date; onError: (error: unknown, message: ScheduledMessage) => void },
): Promise<number> {
  let sent = 0;
  for (let taken = 0; taken < PASS_LIMIT; taken += 1) {
    let failed: ScheduledMessage | undefined;
    const outcome = await db.transaction().execute(async (trx) => {
      const due = await lockNextDue(trx, now().toISOString());
      if (!due) return 'none';
      const built = await build(trx, due).catch((error: unknown) => {
        failed = due;
        onError(error, due);
        return null;
      });
      if (!built) return 'failed';
      if ('cancel' in built) {
        await closeScheduledMessage(trx, due.id, { status: 'cancelled', reason: built.cancel });
        return 'cancelled';
      }
      if (!(await closeScheduledMessage(trx, due.id, { status: 'sent' }))) return 'cancelled';
      await enqueueMail(trx, { ...built.mail, dedupeKey: `scheduled:${due.id}` });
      return 'sent';
    });
    if (outcome === 'none') break;
    if (outcome === 'sent') sent += 1;
    if (failed)
      await postponeScheduledMessage(db, failed.id, new Date(now().getTime() + RETRY_AFTER_MS));
  }
  return sent;
}
