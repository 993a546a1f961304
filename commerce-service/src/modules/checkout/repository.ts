import type { Kysely, Transaction } from 'kysely';
import type { CheckoutSessionTable, Database } from '../../db/schema.ts';
import { sameAddress } from '../../db/same-address.ts';
import type { CheckoutLine } from './lines.ts';

export type CheckoutSessionRow = CheckoutSessionTable;

export interface StoredCheckoutSession extends Omit<CheckoutSessionRow, 'lines'> {
  lines: CheckoutLine[];
}

function toStored(row: CheckoutSessionRow): StoredCheckoutSession {
  return { ...row, lines: JSON.parse(row.lines) as CheckoutLine[] };
}

export async function insertCheckoutSession(db: Kysely<Database>, session: StoredCheckoutSession) {
  await db
    .insertInto('checkout_sessions')
    .values({ ...session, lines: JSON.stringify(session.lines) })
    .execute();
}

export async function findCheckoutSession(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
): Promise<StoredCheckoutSession | undefined> {
  const row = await db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toStored(row) : undefined;
}

/** Moves an open session to cancelled; a paid one stays paid. Whether it was open. */
export async function cancelOpenCheckoutSession(db: Kysely<Database>, id: string) {
  const cancelled = await db
    .updateTable('checkout_sessions')
    .set({ status: 'cancelled' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(cancelled.numUpdatedRows) === 1;
}

export async function markCheckoutSessionPaid(
  db: Transaction<Database>,
  id: string,
  paid: { email: string; customerId: string | null; paymentIntentId: string | null },
) {
  await db
    .updateTable('checkout_sessions')
    .set({
      status: 'paid',
      paid_at: new Date().toISOString(),
      customer_email: paid.email,
      customer_id: paid.customerId,
      payment_intent_id: paid.paymentIntentId,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The placeholder in place of an erased address on its checkout sessions, those of its orders
 * included, whose provider customer goes too.
 */
export async function anonymiseCheckoutSessionsOf(
  trx: Transaction<Database>,
  { email, sessionIds, placeholder }: { email: string; sessionIds: string[]; placeholder: string },
) {
  const toAddress = sameAddress('customer_email', email);
  await trx
    .updateTable('checkout_sessions')
    .set({ customer_email: placeholder, customer_id: null })
    .where((eb) =>
      sessionIds.length > 0 ? eb.or([toAddress, eb('id', 'in', sessionIds)]) : toAddress,
    )
    .execute();
}

/** Deletes the checkout sessions of orders deleted for good. */
export async function deleteCheckoutSessions(trx: Transaction<Database>, sessionIds: string[]) {
  if (sessionIds.length === 0) return;
  await trx.deleteFrom('checkout_sessions').where('id', 'in', sessionIds).execute();
}
