/**
 * What the admin page says when a subscription-records call fails (docs/product.md#error-catalogue):
 * the server's own `error` text, else the service fallback of the call; and when the server
 * refuses access, which the page shows as the sign-in or the not-authorised view instead.
 */
import { CommerceError } from '@/lib/commerce/client';

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

export function recordFailureMessage(caught: unknown, operation: RecordOperation): string {
  if (caught instanceof CommerceError) return caught.serverMessage ?? SERVICE_FALLBACKS[operation];
  return caught instanceof Error && caught.message ? caught.message : HOOK_FALLBACKS[operation];
}

/** 401 or 403 from the server: not a banner, the page shows the sign-in or not-authorised view. */
export function accessDenial(caught: unknown): 401 | 403 | null {
  if (!(caught instanceof CommerceError)) return null;
  return caught.status === 401 || caught.status === 403 ? caught.status : null;
}
