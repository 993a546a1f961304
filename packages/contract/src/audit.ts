/**
 * The support console's audit trail (docs/product.md#audit-trail): every change an
 * administrator makes, with who made it, when, and the state before and after.
 */
import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'order.resend',
  'order.revoke',
  'order.restore',
  'order.withdrawal-received',
  'order.withdraw',
  'order.withdrawal-refund',
  'order.refund',
  'order.dispute-evidence',
  'record.create',
  'record.update',
  'record.delete',
  'data-request.erase',
] as const;

export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** A state as the trail keeps it: a flat object of the fields the action touched. */
export const auditStateSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .nullable();
export type AuditState = z.infer<typeof auditStateSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When the action was taken (ISO 8601). */
  at: z.string(),
  /** The administrator's e-mail address. */
  actor: z.string(),
  action: auditActionSchema,
  /** Null when the action created what it names (a new record). */
  before: auditStateSchema,
  /** Null when the action removed what it names (a deleted record). */
  after: auditStateSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
