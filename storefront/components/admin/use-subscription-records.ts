'use client';
/**
 * The admin list of subscription records (docs/product.md#states): one SWR request, the error the
 * red banner shows, and create/update/remove that reload the list once they succeed. A failed call
 * sets the banner's message and rejects, so the caller keeps its modal open.
 */
import { useState } from 'react';
import useSWR from 'swr';
import type { SubscriptionRecord, SubscriptionRecordInput } from 'commerce-service/contract';
import {
  SUBSCRIPTION_RECORDS_PATH,
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  fetchSubscriptionRecords,
  updateSubscriptionRecord,
} from '@/lib/commerce/api/subscription-records';
import {
  accessDenial,
  recordFailureMessage,
  type RecordOperation,
} from '@/lib/admin/record-failure';

/** Mounted behind the admin gate only, so no other visitor's browser asks for the list. */
export function useSubscriptionRecords() {
  const [error, setError] = useState<string | null>(null);
  const {
    data,
    error: listError,
    isLoading,
    isValidating,
    mutate,
  } = useSWR<SubscriptionRecord[]>(SUBSCRIPTION_RECORDS_PATH, fetchSubscriptionRecords, {
    // The admin reloads with 'Aggiorna'; a list that changes under the cursor helps nobody.
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError: (caught) => {
      if (!accessDenial(caught)) setError(recordFailureMessage(caught, 'list'));
    },
  });

  async function change<T>(call: () => Promise<T>, operation: RecordOperation): Promise<T> {
    try {
      const result = await call();
      await mutate();
      return result;
    } catch (caught) {
      setError(recordFailureMessage(caught, operation));
      throw caught;
    }
  }

  return {
    records: data ?? [],
    /** True until the first answer (the 'Caricamento...' state). */
    loading: isLoading,
    /** True while any load runs, the first one included ('Aggiornamento...'). */
    refreshing: isValidating,
    /** The server refused access to the list: 401 (signed out) or 403 (not an admin). */
    denied: accessDenial(listError),
    /** No list could be loaded at all (the banner says why). */
    failed: Boolean(listError) && !data,
    error,
    clearError: () => setError(null),
    refresh: () => {
      setError(null);
      return mutate();
    },
    create: (input: SubscriptionRecordInput) =>
      change(() => createSubscriptionRecord(input), 'create'),
    update: (id: number, input: SubscriptionRecordInput) =>
      change(() => updateSubscriptionRecord(id, input), 'update'),
    remove: (id: number) => change(() => deleteSubscriptionRecord(id), 'remove'),
  };
}
