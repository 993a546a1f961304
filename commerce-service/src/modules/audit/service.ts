/**
 * The audit trail (docs/product.md#audit-trail): each administrator's change is written in the
 * same transaction as the change itself, so there is no change without its entry and no entry
 * for a change that was rolled back.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertAdminAction, listAdminActions, type AuditSubjectType } from './repository.ts';
import {
  auditStateSchema,
  type AuditAction,
  type AuditEntry,
  type AuditState,
} from '@aba-shop/contract';

export interface AdminAction {
  /** The administrator's e-mail address. */
  actor: string;
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  before: AuditState;
  after: AuditState;
}

export function recordAdminAction(
  db: Kysely<Database> | Transaction<Database>,
  { actor, action, subject, before, after }: AdminAction,
): Promise<void> {
  return insertAdminAction(db, {
    actor,
    action,
    subject_type: subject.type,
    subject_id: subject.id,
    before_state: before === null ? null : JSON.stringify(before),
    after_state: after === null ? null : JSON.stringify(after),
  });
}

const stateOf = (json: string | null): AuditState =>
  json === null ? null : auditStateSchema.parse(JSON.parse(json));

/** What administrators did to one order or record, newest first. */
export async function auditTrailOf(
  db: Kysely<Database>,
  subject: { type: AuditSubjectType; id: string },
): Promise<AuditEntry[]> {
  const rows = await listAdminActions(db, subject.type, subject.id);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action as AuditAction,
    before: stateOf(row.before_state),
    after: stateOf(row.after_state),
  }));
}

// What a buyer's erasure and the retention sweep ask of this module (docs/product.md#your-data).
export { deleteAuditOfOrders, rewriteAuditEntry } from './repository.ts';
