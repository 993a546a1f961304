/**
 * What the orders pages say when one of their calls fails (docs/product.md#error-catalogue), by
 * operation. A 409 carries the service's reason (access already revoked, no files, a refund, a line refunded already),
 * which is shown as it comes.
 */
import { adminFailureMessage } from './admin-failure';

export type OrderOperation =
  'list' | 'detail' | 'resend' | 'revoke' | 'restore' | 'refund' | 'evidence';

export const ORDER_FAILURE_FALLBACKS: Record<OrderOperation, string> = {
  list: 'Errore nel recupero degli ordini',
  detail: "Errore nel recupero dell'ordine",
  resend: 'Errore nel reinvio dei link di download',
  revoke: "Errore nella revoca dell'accesso",
  restore: "Errore nel ripristino dell'accesso",
  refund: 'Errore nel rimborso',
  evidence: "Errore nell'invio delle prove",
};

export const orderFailureMessage = (caught: unknown, operation: OrderOperation): string =>
  adminFailureMessage(caught, {
    service: ORDER_FAILURE_FALLBACKS[operation],
    page: 'Errore sconosciuto',
  });
