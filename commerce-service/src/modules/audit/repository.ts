import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AdminActionTable, Database } from '../../db/schema.ts';

export type AuditSubjectType = AdminActionTable['subject_type'];

export async function insertAdminAction(
  db: Kysely<Database> | Transaction<Database>,
  action: Omit<AdminActionTable, 'id' | 'at'>,
): Promise<void> {
  await db
    .insertInto('admin_actions')
    .values({
      id: `act_${randomUUID().replaceAll('-', '')}`,
      at: new Date().toISOString(),
      ...action,
    })
    .execute();
}

/** Every action on one subject, newest first. */
export function listAdminActions(
  db: Kysely<Database>,
  subjectType: AuditSubjectType,
  subjectId: string,
) {
  return db
    .selectFrom('admin_actions')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Rewrites an entry's actor and states (an erasure takes the buyer's address out of them). */
export async function rewriteAuditEntry(
  trx: Transaction<Database>,
  id: string,
  states: { actor: string; before_state: string | null; after_state: string | null },
) {
  await trx.updateTable('admin_actions').set(states).where('id', '=', id).execute();
}

/** Deletes the trail of orders deleted for good. */
export async function deleteAuditOfOrders(trx: Transaction<Database>, orderIds: string[]) {
  await trx
    .deleteFrom('admin_actions')
    .where('subject_type', '=', 'order')
    .where('subject_id', 'in', orderIds)
    .execute();
}
