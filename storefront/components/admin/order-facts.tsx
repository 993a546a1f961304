/**
 * What the orders list and an order's view show of an order (docs/product.md#admin-orders): its
 * products, its total with the discount and tax when there were any, its status with a revoked
 * access, and how often each file was downloaded and when last.
 */
import type { AdminOrder } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';
import { AdminDate } from './admin-date';

export function OrderProducts({ lines }: { lines: AdminOrder['lines'] }) {
  return (
    <ul className="space-y-0.5">
      {lines.map((line) => (
        <li key={line.lineId}>
          {line.productName}
          {line.quantity > 1 ? ` × ${line.quantity}` : null}
          {line.refundedAt ? ' (rimborsata)' : null}
        </li>
      ))}
    </ul>
  );
}

export function OrderTotal({ order }: { order: AdminOrder }) {
  const price = (cents: number) => formatPrice(cents, order.currency);
  return (
    <div>
      <p className="font-semibold text-slate-900">{price(order.amountTotal)}</p>
      {order.amountDiscount ? (
        <p className="text-xs text-slate-600">sconto −{price(order.amountDiscount)}</p>
      ) : null}
      {order.amountTax ? (
        <p className="text-xs text-slate-600">tasse {price(order.amountTax)}</p>
      ) : null}
    </div>
  );
}

export const ORDER_STATUS_TEXT: Record<AdminOrder['status'], string> = {
  paid: 'Pagato',
  refunded: 'Rimborsato',
};

/** Stripe's dispute statuses, in the console's Italian; any other as Stripe wrote it. */
const DISPUTE_STATUS_TEXT: Record<string, string> = {
  needs_response: 'da rispondere',
  warning_needs_response: 'da rispondere (avviso)',
  under_review: 'in esame',
  warning_under_review: 'in esame (avviso)',
  won: 'vinta',
  lost: 'persa',
  warning_closed: 'chiusa (avviso)',
  charge_refunded: 'chiusa con un rimborso',
};

export const disputeStatusText = (status: string) => DISPUTE_STATUS_TEXT[status] ?? status;

export function OrderStatus({ order }: { order: AdminOrder }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span>{ORDER_STATUS_TEXT[order.status]}</span>
      {order.status === 'paid' && order.amountRefunded > 0 ? (
        <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
          Rimborso parziale
        </span>
      ) : null}
      {order.disputeStatus ? (
        <span className="rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
          Contestato: {disputeStatusText(order.disputeStatus)}
        </span>
      ) : null}
      {order.access === 'revoked' ? (
        <span className="rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
          Accesso revocato
        </span>
      ) : null}
    </div>
  );
}

export function FileDownloads({ files }: { files: AdminOrder['files'] }) {
  if (files.length === 0) return <p className="text-slate-600">Nessun file</p>;
  return (
    <ul className="space-y-1">
      {files.map((file) => (
        <li key={file.fileKey}>
          <span className="block">{file.label}</span>
          <span className="block text-xs text-slate-600">
            {file.downloadCount} download
            {file.lastDownloadAt ? (
              <>
                {', ultimo '}
                <AdminDate iso={file.lastDownloadAt} />
              </>
            ) : (
              ', mai scaricato'
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
