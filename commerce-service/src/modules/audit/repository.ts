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
