/**
 * What the subscription records page says when one of its calls fails
 * (docs/product.md#error-catalogue), by operation.
 */
import { adminFailureMessage } from './admin-failure';

export type RecordOperation = 'list' | 'create' | 'update' | 'remove';

/** When the server sends no text of its own. */
export const SERVICE_FALLBACKS: Record<RecordOperation, string> = {
  list: 'Errore nel recupero dei subscription records',
  create: 'Errore nella creazione del subscription record',
  update: "Errore nell'aggiornamento del subscription record",
  remove: 'Errore nella cancellazione del subscription record',
};

/** When the failure is not the service's at all (a bug in the page). */
export const HOOK_FALLBACKS: Record<RecordOperation, string> = {
  list: 'Errore sconosciuto',
  create: 'Errore nella creazione',
  update: "Errore nell'aggiornamento",
  remove: 'Errore nella cancellazione',
};

export const recordFailureMessage = (caught: unknown, operation: RecordOperation): string =>
  adminFailureMessage(caught, {
    service: SERVICE_FALLBACKS[operation],
    page: HOOK_FALLBACKS[operation],
  });
