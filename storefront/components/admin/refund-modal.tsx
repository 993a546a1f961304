'use client';
/**
 * 'Rimborsa' (docs/product.md#refunds-from-the-console): the whole order, or the lines ticked,
 * with the amount the refund gives back before it is confirmed. The focus starts on the first
 * choice; the server's refusal shows inside; while the call runs nothing can be changed and Esc
 * does not close. The amount shown is each line's share as the service answered it; the
 * service works the refund out itself.
 */
import { useId, useRef, useState } from 'react';
import type { AdminOrder } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';
import { ConfirmModal } from './confirm-modal';

/** What the refund of these lines gives back: the last lines left take the rest of the order. */
export function refundAmountShown(order: AdminOrder, chosen: ReadonlySet<string> | null): number {
  const left = order.lines.filter((line) => !line.refundedAt);
  const rest = order.amountTotal - order.amountRefunded;
  if (chosen === null || left.every((line) => chosen.has(line.lineId))) return rest;
  return left
    .filter((line) => chosen.has(line.lineId))
    .reduce((sum, line) => sum + line.amountCharged, 0);
}

export function RefundModal({
  order,
  busy,
  error,
  onDismissError,
  onCancel,
  onConfirm,
  fallbackFocus,
}: {
  order: AdminOrder;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onCancel: () => void;
  /** Null for the whole order. */
  onConfirm: (lineIds: string[] | null) => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const wholeRef = useRef<HTMLInputElement>(null);
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const amountId = useId();
  const price = (cents: number) => formatPrice(cents, order.currency);
  const amount = refundAmountShown(order, whole ? null : chosen);
  const nothingChosen = !whole && chosen.size === 0;
  const toggle = (lineId: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });
  const choice = 'flex items-start gap-2 rounded-lg border border-slate-200 p-3';
  return (
    <ConfirmModal
      title="Rimborsa"
      confirmLabel="Conferma il rimborso"
      busyLabel="Rimborso in corso..."
      confirmDisabled={nothingChosen}
      confirmDescribedBy={amountId}
      initialFocus={wholeRef}
      busy={busy}
      error={error}
      onDismissError={onDismissError}
      onCancel={onCancel}
      onConfirm={() => onConfirm(whole ? null : [...chosen])}
      fallbackFocus={fallbackFocus}
    >
      <p>
        Il rimborso torna a {order.email} con il mezzo di pagamento dell&apos;ordine, e i file di
        ciò che è rimborsato smettono subito di scaricarsi.
      </p>
      <fieldset className="space-y-2" disabled={busy}>
        <legend className="mb-2 font-semibold text-slate-900">Cosa rimborsare</legend>
        <label className={choice}>
          <input
            ref={wholeRef}
            type="radio"
            name="refund-scope"
            checked={whole}
            onChange={() => setWhole(true)}
            className="mt-1"
          />
          <span>
            {order.amountRefunded > 0 ? 'Tutto ciò che resta dell’ordine' : 'Tutto l’ordine'}
          </span>
        </label>
        <label className={choice}>
          <input
            type="radio"
            name="refund-scope"
            checked={!whole}
            onChange={() => setWhole(false)}
            className="mt-1"
          />
          <span>Solo le righe scelte</span>
        </label>
      </fieldset>
      {whole ? null : (
        <fieldset className="space-y-2" disabled={busy}>
          <legend className="mb-2 font-semibold text-slate-900">Righe</legend>
          {order.lines.map((line) => (
            <label key={line.lineId} className={choice}>
              <input
                type="checkbox"
                checked={chosen.has(line.lineId)}
                disabled={line.refundedAt !== null}
                onChange={() => toggle(line.lineId)}
                className="mt-1"
              />
              <span>
                {line.productName}
                {line.quantity > 1 ? ` × ${line.quantity}` : null} —{' '}
                {line.refundedAt ? 'già rimborsata' : `addebitato ${price(line.amountCharged)}`}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <p id={amountId} className="font-semibold text-slate-900" aria-live="polite">
        {nothingChosen ? 'Scegli almeno una riga.' : `Importo del rimborso: ${price(amount)}`}
      </p>
    </ConfirmModal>
  );
}
