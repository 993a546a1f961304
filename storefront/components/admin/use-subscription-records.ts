'use client';
/**
 * The admin list of subscription records (docs/product.md#states): the pages a search has
 * loaded, the error the red banner shows, and create/update/remove that reload the pages shown
 * once they succeed. A failed call sets the banner's message and rejects, so the caller keeps
 * its modal open.
 */
import { useState } from 'react';
import type { SubscriptionRecordInput } from '@aba-shop/contract';
import {
  SUBSCRIPTION_RECORDS_PATH,
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  fetchSubscriptionRecordPage,
  updateSubscriptionRecord,
} from '@/lib/commerce/api/subscription-records';
import { recordFailureMessage, type RecordOperation } from '@/lib/admin/record-failure';
import { useAdminPages } from './use-admin-pages';

/** Mounted behind the admin gate only, so no other visitor's browser asks for the list. */
export function useSubscriptionRecords() {
  const [error, setError] = useState<string | null>(null);
  const pages = useAdminPages({
    path: SUBSCRIPTION_RECORDS_PATH,
    fetchPage: fetchSubscriptionRecordPage,
    onError: (caught) => setError(recordFailureMessage(caught, 'list')),
  });

  async function change<T>(call: () => Promise<T>, operation: RecordOperation): Promise<T> {
    try {
      const result = await call();
      await pages.reload();
      return result;
    } catch (caught) {
      setError(recordFailureMessage(caught, operation));
      throw caught;
    }
  }

  return {
    ...pages,
    error,
    clearError: () => setError(null),
    refresh: () => {
      setError(null);
      return pages.reload();
    },
    create: (input: SubscriptionRecordInput) =>
      change(() => createSubscriptionRecord(input), 'create'),
    update: (id: number, input: SubscriptionRecordInput) =>
      change(() => updateSubscriptionRecord(id, input), 'update'),
    remove: (id: number) => change(() => deleteSubscriptionRecord(id), 'remove'),
  };
}
