/**
 * The admin area's calls to the subscription records API (spec §7), from the browser on the
 * storefront's own origin. Answers are checked with the commerce service's schemas. A failure
 * carries the server's `error` text when there is one, else the spec's fallback (§8), and the
 * HTTP status, so the page can tell "sign in" (401) and "not an admin" (403) from the rest.
 */
import { z } from 'zod';
import {
  subscriptionRecordSchema,
  type SubscriptionRecord,
  type SubscriptionRecordInput,
} from 'commerce-service/contract';

export class SubscriptionRecordsRequestError extends Error {
  override name = 'SubscriptionRecordsRequestError';
  constructor(
    message: string,
    /** The HTTP status, or 0 when no answer arrived or it could not be read. */
    readonly status: number,
  ) {
    super(message);
  }
}

export const SUBSCRIPTION_RECORDS_PATH = '/api/subscription-records';

export const SERVICE_FALLBACKS = {
  list: 'Errore nel recupero dei subscription records',
  create: 'Errore nella creazione del subscription record',
  update: "Errore nell'aggiornamento del subscription record",
  remove: 'Errore nella cancellazione del subscription record',
} as const;

async function request<T>(
  path: string,
  init: RequestInit,
  schema: z.ZodType<T>,
  fallback: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: init.body ? { 'content-type': 'application/json' } : undefined,
    });
  } catch {
    throw new SubscriptionRecordsRequestError(fallback, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new SubscriptionRecordsRequestError(
      typeof error === 'string' && error.trim() ? error : fallback,
      response.status,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SubscriptionRecordsRequestError(fallback, 0);
  return parsed.data;
}

const recordPath = (id: number) => `${SUBSCRIPTION_RECORDS_PATH}/${encodeURIComponent(id)}`;

export const fetchSubscriptionRecords = (): Promise<SubscriptionRecord[]> =>
  request(
    SUBSCRIPTION_RECORDS_PATH,
    { method: 'GET' },
    z.array(subscriptionRecordSchema),
    SERVICE_FALLBACKS.list,
  );

export const createSubscriptionRecord = (
  input: SubscriptionRecordInput,
): Promise<SubscriptionRecord> =>
  request(
    SUBSCRIPTION_RECORDS_PATH,
    { method: 'POST', body: JSON.stringify(input) },
    subscriptionRecordSchema,
    SERVICE_FALLBACKS.create,
  );

export const updateSubscriptionRecord = (
  id: number,
  input: SubscriptionRecordInput,
): Promise<SubscriptionRecord> =>
  request(
    recordPath(id),
    { method: 'PUT', body: JSON.stringify(input) },
    subscriptionRecordSchema,
    SERVICE_FALLBACKS.update,
  );

export const deleteSubscriptionRecord = (id: number): Promise<SubscriptionRecord> =>
  request(recordPath(id), { method: 'DELETE' }, subscriptionRecordSchema, SERVICE_FALLBACKS.remove);
