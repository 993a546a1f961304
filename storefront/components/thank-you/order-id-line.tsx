'use client';
/** 'Order ID: ...' once the purchase of `?sessionId` is known (the same id as the receipt's). */
import { usePurchaseDetail } from '@/components/checkout/use-purchase-detail';

export function OrderIdLine({
  sessionId,
  label = 'Order ID',
}: {
  sessionId: string | null;
  label?: string;
}) {
  const { data } = usePurchaseDetail(sessionId);
  if (!data) return null;
  return (
    <p className="mt-4 text-sm text-slate-700">
      {label}: <span className="break-all font-mono font-semibold">{data.orderId}</span>
    </p>
  );
}
