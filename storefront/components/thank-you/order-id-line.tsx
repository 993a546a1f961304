/**
 * 'Order ID: ...' from the page's `?sessionId`, shown at once: the checkout session id is the
 * order's reference everywhere a buyer or support sees one (docs/product.md).
 */
export function OrderIdLine({
  sessionId,
  label = 'Order ID',
}: {
  sessionId: string | null;
  label?: string;
}) {
  if (!sessionId) return null;
  return (
    <p className="mt-4 text-sm text-slate-700">
      {label}: <span className="break-all font-mono font-semibold">{sessionId}</span>
    </p>
  );
}
