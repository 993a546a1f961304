'use client';
/**
 * One paid checkout's detail, shared by the success and thank-you pages: SWR keeps one request
 * per session, so the thank-you page the success page sends the buyer to shows at once.
 */
import useSWR from 'swr';
import type { PurchaseDetail } from '@aba-shop/contract';
import { fetchPurchaseDetail } from '@/lib/commerce/api/purchase';
import type { CommerceError } from '@/lib/commerce/client';

const purchaseDetailKey = (sessionId: string) => ['purchase-detail', sessionId] as const;

export function usePurchaseDetail(sessionId: string | null) {
  return useSWR<PurchaseDetail, CommerceError>(
    sessionId ? purchaseDetailKey(sessionId) : null,
    ([, id]: readonly [string, string]) => fetchPurchaseDetail(id),
    {
      // The signed links stay valid for days; refetching on focus would only re-sign them.
      revalidateOnFocus: false,
      revalidateIfStale: false,
      // A failure is shown with 'Retry Verification', so the buyer decides when to retry.
      shouldRetryOnError: false,
    },
  );
}
