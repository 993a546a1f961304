/** The schedule's rows (docs/product.md#keeping-in-touch). */
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, ScheduledMessageKind, ScheduledMessageTable } from '../../db/schema.ts';

export type ScheduledMessage = Selectable<ScheduledMessageTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Writes the row unless this kind of message is scheduled for this subject already. */
export async function insertScheduledMessage(
  db: Db,
  message: {
    kind: ScheduledMessageKind;
    subjectId: string;
    email: string;
    dueAt: string;
    details?: object;
  },
): Promise<void> {
  await db
    .insertInto('scheduled_messages')
    .values({
      id: randomUUID(),
      kind: message.kind,
      subject_id: message.subjectId,
      email: message.email.toLowerCase(),
      due_at: message.dueAt,
      status: 'pending',
      details: message.details ? JSON.stringify(message.details) : null,
      cancel_reason: null,
      created_at: new Date().toISOString(),
      done_at: null,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'subject_id']).doNothing())
    .execute();
}

/** Cancels the pending rows the filter picks; how many it cancelled. */
export async function cancelPending(
  db: Db,
  filter: { subjectId?: string; email?: string; kinds?: readonly ScheduledMessageKind[] },
  reason: string,
): Promise<number> {
  const cancelled = await db
    .updateTable('scheduled_messages')
    .set({ status: 'cancelled', cancel_reason: reason, done_at: new Date().toISOString() })
    .where('status', '=', 'pending')
    .$if(filter.subjectId !== undefined, (query) =>
      query.where('subject_id', '=', filter.subjectId as string),
    )
    .$if(filter.email !== undefined, (query) =>
      query.where('email', '=', (filter.email as string).toLowerCase()),
    )
    .$if(filter.kinds !== undefined, (query) =>
      query.where('kind', 'in', filter.kinds as ScheduledMessageKind[]),
    )
    .executeTakeFirst();
  return Number(cancelled.numUpdatedRows);
}

/**
 * The earliest due pending row, locked for this transaction: on PostgreSQL another replica's
 * pass skips it (FOR UPDATE SKIP LOCKED) and takes the next; SQLite has one writer at a time.
 */
export async function lockNextDue(trx: Transaction<Database>, now: string) {
  const onPostgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return trx
    .selectFrom('scheduled_messages')
    .selectAll()
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(1)
    .$if(onPostgres, (query) => query.forUpdate().skipLocked())
    .executeTakeFirst();
}

/** Closes a row the pass holds; false when it was not pending any more. */
export async function closeScheduledMessage(
  trx: Transaction<Database>,
  id: string,
  outcome: { status: 'sent' } | { status: 'cancelled'; reason: string },
): Promise<boolean> {
  const closed = await trx
    .updateTable('scheduled_messages')
    .set({
      status: outcome.status,
      cancel_reason: outcome.status === 'cancelled' ? outcome.reason : null,
      done_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

export function listScheduledMessagesOf(db: Db, email: string) {
  return db
    .selectFrom('scheduled_messages')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .orderBy('due_at')
    .execute();
}

export async function postponeScheduledMessage(db: Db, id: string, dueAt: Date): Promise<void> {
  await db
    .updateTable('scheduled_messages')
    .set({ due_at: dueAt.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function deleteScheduledMessagesOf(db: Db, email: string): Promise<void> {
  await db.deleteFrom('scheduled_messages').where('email', '=', email.toLowerCase()).execute();
}
