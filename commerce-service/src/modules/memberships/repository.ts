import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MembershipStatus } from '@aba-shop/contract';

/** What one word from the payment provider says of a subscription; unsaid fields stay as they are. */
export interface MembershipUpdate {
  subscriptionId: string;
  status: MembershipStatus;
  customerId?: string | null;
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
}

/**
 * Records a subscription's state as the provider said it at `stateAt` (Unix seconds). An
 * older word never overwrites a newer one, whatever order the events arrive in, and a
 * cancelled membership stays cancelled (docs/product.md#the-membership).
 */
export async function applyMembershipState(
  db: Kysely<Database> | Transaction<Database>,
  update: MembershipUpdate,
  stateAt: number,
): Promise<void> {
  const updatedAt = new Date().toISOString();
  const said = {
    status: update.status,
    ...(update.customerId !== undefined ? { customer_id: update.customerId } : {}),
    ...(update.currentPeriodEnd !== undefined
      ? { current_period_end: update.currentPeriodEnd }
      : {}),
    ...(update.cancelAtPeriodEnd !== undefined
      ? { cancel_at_period_end: update.cancelAtPeriodEnd ? 1 : 0 }
      : {}),
  };
  // A cancelled membership ended when the shop was told (the owner's churn figure).
  const ended = { ended_at: update.status === 'canceled' ? updatedAt : null };
  await db
    .insertInto('memberships')
    .values({
      subscription_id: update.subscriptionId,
      customer_id: null,
      current_period_end: null,
      cancel_at_period_end: 0,
      ...said,
      ...ended,
      state_at: stateAt,
      updated_at: updatedAt,
      started_at: updatedAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('subscription_id')
        .doUpdateSet({ ...said, ...ended, state_at: stateAt, updated_at: updatedAt })
        .where('memberships.state_at', '<=', stateAt)
        .where('memberships.status', '!=', 'canceled'),
    )
    .execute();
}

export function findMembership(db: Kysely<Database>, subscriptionId: string) {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

/** Subscription records with their membership's state (none for a record made by hand). */
export function selectRecordsWithMembership(db: Kysely<Database>) {
  return db
    .selectFrom('subscription_records as r')
    .leftJoin('memberships as m', 'm.subscription_id', 'r.subscription_id')
    .select([
      'r.id',
      'r.user_id',
      'r.email',
      'r.session_id',
      'r.created_at',
      'r.subscription_id',
      'm.customer_id',
      'm.status',
      'm.current_period_end',
      'm.cancel_at_period_end',
    ]);
}

export type RecordWithMembershipRow = Awaited<
  ReturnType<ReturnType<typeof selectRecordsWithMembership>['executeTakeFirstOrThrow']>
>;

/** Deletes the state of these memberships (an erasure of the records that named them). */
export async function deleteMembershipStates(
  trx: Transaction<Database>,
  subscriptionIds: string[],
) {
  if (subscriptionIds.length === 0) return;
  await trx.deleteFrom('memberships').where('subscription_id', 'in', subscriptionIds).execute();
}
