/**
 * An audit entry as the order's 'Registro attività' reads it, in Italian
 * (docs/product.md#admin-orders): the action's name, and a state before or after it as
 * 'accesso: revocato', the fields the action touched. Fields and values the page has no word
 * for are shown as the service wrote them, so a new action is still readable.
 */
import type { AuditAction, AuditState } from '@aba-shop/contract';

export const AUDIT_ACTION_TEXT: Record<AuditAction, string> = {
  'order.resend': 'Link di download reinviati',
  'order.revoke': 'Accesso revocato',
  'order.restore': 'Accesso ripristinato',
  'order.withdrawal-received':
    'Recesso ricevuto senza accesso: in attesa della conferma dalla casella e-mail del cliente',
  'order.withdraw': 'Recesso del cliente ricevuto: abbonamento terminato, rimborso in corso',
  'order.withdrawal-refund': 'Recesso del cliente: rimborso eseguito',
  'order.refund': 'Rimborso eseguito',
  'order.dispute-evidence': 'Prove della contestazione inviate a Stripe',
  'record.create': 'Subscription record creato',
  'record.update': 'Subscription record modificato',
  'record.delete': 'Subscription record eliminato',
  'data-request.erase': 'Dati del cliente cancellati su sua richiesta',
};

const FIELD_TEXT = new Map([
  ['access', 'accesso'],
  ['to', 'destinatario'],
  ['files', 'file'],
  ['status', 'stato'],
  ['membership', 'abbonamento'],
  ['refund', 'rimborso'],
  ['refunded', 'rimborsato (centesimi)'],
  ['amount', 'importo (centesimi)'],
  ['lines', 'righe'],
  ['dispute', 'contestazione'],
  ['evidence', 'prove'],
  ['fields', 'campi'],
]);

const VALUE_TEXT = new Map([
  ['active', 'attivo'],
  ['revoked', 'revocato'],
  ['paid', 'pagato'],
  ['refunded', 'rimborsato'],
  ['canceled', 'terminato'],
  ['pending', 'in attesa'],
  ['sent', 'inviate'],
  ['not sent', 'non inviate'],
  ['needs_response', 'da rispondere'],
  ['under_review', 'in esame'],
  ['won', 'vinta'],
  ['lost', 'persa'],
]);

/** What an empty state reads: nothing there before a creation, or after a deletion. */
export const NO_STATE_TEXT = '—';

function valueText(value: string | number | boolean | null): string {
  if (value === null) return NO_STATE_TEXT;
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') return String(value);
  return VALUE_TEXT.get(value) ?? value;
}

export function auditStateText(state: AuditState): string {
  const fields = Object.entries(state ?? {});
  if (fields.length === 0) return NO_STATE_TEXT;
  return fields
    .map(([field, value]) => `${FIELD_TEXT.get(field) ?? field}: ${valueText(value)}`)
    .join(', ');
}
