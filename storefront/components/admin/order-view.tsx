'use client';
/**
 * One order in the support console (docs/product.md#admin-orders, #states): its details, its
 * files and downloads, the three actions (run by useOrderActions) and the audit trail. An action's
 * button waits while any action runs; the banners show its outcome. The API's 401 and 403 are the
 * last word on access.
 */
import Link from 'next/link';
import { useRef } from 'react';
import useSWR from 'swr';
import type { AdminOrderDetail } from '@aba-shop/contract';
import { adminOrderPath, fetchAdminOrder } from '@/lib/commerce/api/admin-orders';
import { CommerceError } from '@/lib/commerce/client';
import { accessDenial } from '@/lib/admin/admin-failure';
import { orderFailureMessage } from '@/lib/admin/order-failure';
import { formatPrice } from '@aba-shop/service-kit/money';
import { AccessRefused } from './access-refused';
import { AdminDate } from './admin-date';
import { ADMIN_SECTIONS } from './admin-nav';
import { AdminSpinner } from './admin-spinner';
import { Fact } from './admin-table';
import { AuditTrail } from './audit-trail';
import { ErrorBanner } from './error-banner';
import { FileDownloads, OrderProducts, OrderStatus } from './order-facts';
import { DisputePanel } from './dispute-panel';
import { RefundModal } from './refund-modal';
import { RevokeAccessModal } from './revoke-access-modal';
import { SuccessBanner } from './success-banner';
import { useOrderActions } from './use-order-actions';
import { OrderWithdrawals } from '@/components/withdraw/order-withdrawals';

export { ACCESS_MESSAGES } from './use-order-actions';

const BUTTON = 'rounded-lg px-4 py-2.5 font-semibold disabled:opacity-60';

const REFUND_STATUS_TEXT = {
  refunded: 'eseguito',
  pending: 'in attesa del fornitore dei pagamenti',
  failed: 'rifiutato',
} as const;

const REFUND_REASON_TEXT = {
  support: 'dall’assistenza',
  withdrawal: 'recesso',
  stripe: 'fatto in Stripe',
  dispute: 'contestazione persa',
} as const;

/** Each refund of the order: how much, why, of which lines, and where it stands. */
function OrderRefunds({ order }: { order: AdminOrderDetail }) {
  const nameOf = (lineId: string) =>
    order.lines.find((line) => line.lineId === lineId)?.productName ?? lineId;
  return (
    <ul className="space-y-1">
      {order.refunds.map((made) => (
        <li key={made.refundId} className="[overflow-wrap:anywhere]">
          {formatPrice(made.amount, order.currency)} · {REFUND_STATUS_TEXT[made.status]} ·{' '}
          <AdminDate iso={made.refundedAt ?? made.createdAt} />
          {made.lineIds.length ? ` · ${made.lineIds.map(nameOf).join(', ')}` : null}
          {` · ${REFUND_REASON_TEXT[made.reason]}`}
          {made.error && made.status !== 'refunded' ? (
            <span className="block text-xs text-slate-600">{made.error}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function OrderDetails({ order }: { order: AdminOrderDetail }) {
  const price = (cents: number) => formatPrice(cents, order.currency);
  return (
    <section aria-labelledby="details-heading" className="space-y-3">
      <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
        Dettagli
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 p-4 text-sm">
        <Fact term="Numero d'ordine">{order.orderNumber}</Fact>
        <Fact term="ID ordine">{order.orderId}</Fact>
        <Fact term="Data">
          <AdminDate iso={order.createdAt} />
        </Fact>
        <Fact term="Email">{order.email}</Fact>
        <Fact term="Stato">
          <OrderStatus order={order} />
        </Fact>
        <Fact term="Prodotti">
          <OrderProducts lines={order.lines} />
        </Fact>
        <Fact term="Subtotale">{price(order.amountSubtotal)}</Fact>
        {order.amountDiscount ? <Fact term="Sconto">−{price(order.amountDiscount)}</Fact> : null}
        {order.amountTax ? <Fact term="Tasse">{price(order.amountTax)}</Fact> : null}
        <Fact term="Totale">
          <span className="font-semibold">{price(order.amountTotal)}</span>
        </Fact>
        {order.refunds.length ? (
          <Fact term="Rimborsi">
            <OrderRefunds order={order} />
          </Fact>
        ) : null}
        <Fact term="Termini accettati">
          {order.termsAcceptedAt ? <AdminDate iso={order.termsAcceptedAt} /> : '—'}
        </Fact>
      </dl>
    </section>
  );
}

export function OrderView({ orderId, returnPath }: { orderId: string; returnPath: string }) {
  const {
    data: order,
    error: loadError,
    isLoading,
    mutate,
  } = useSWR<AdminOrderDetail>(adminOrderPath(orderId), () => fetchAdminOrder(orderId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const {
    running,
    confirmingRevoke,
    confirmingRefund,
    announcement,
    error,
    denied: actionDenied,
    resendRef,
    accessRef,
    refundRef,
    evidenceRef,
    submitEvidence,
    dismissError,
    resend,
    askToRevoke,
    confirmRevoke,
    cancelRevoke,
    restore,
    askToRefund,
    confirmRefund,
    cancelRefund,
  } = useOrderActions(orderId, mutate);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const denied = actionDenied ?? accessDenial(loadError);
  if (denied) return <AccessRefused status={denied} returnPath={returnPath} />;

  const back = (
    <Link
      href={ADMIN_SECTIONS.orders.href}
      className="inline-block rounded-md text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
    >
      ← Torna agli ordini
    </Link>
  );

  if (isLoading) return <AdminSpinner label="Caricamento ordine..." />;
  if (!order) {
    // An address whose id is not even an order id's (400) names no order either.
    const notFound =
      loadError instanceof CommerceError && (loadError.status === 404 || loadError.status === 400);
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-3xl font-bold text-slate-900">
          {notFound ? 'Ordine non trovato' : "Impossibile caricare l'ordine"}
        </h1>
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {orderFailureMessage(loadError, 'detail')}
        </p>
        {notFound ? null : (
          <button
            type="button"
            onClick={() => void mutate()}
            className={`${BUTTON} border border-slate-300 text-slate-800 hover:bg-slate-50`}
          >
            Riprova
          </button>
        )}
      </div>
    );
  }

  const revoked = order.access === 'revoked';
  // A refund's revocation is not undone here (docs/product.md#support-console).
  const restorable = revoked && order.status !== 'refunded';
  // Something is left to refund, and no refund of it waits for the provider.
  const held = new Set(
    order.refunds.filter((made) => made.status === 'pending').flatMap((made) => made.lineIds),
  );
  const refundable =
    order.status !== 'refunded' &&
    order.lines.some((line) => !line.refundedAt && !held.has(line.lineId));

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        {back}
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold text-slate-900 outline-none [overflow-wrap:anywhere]"
        >
          Ordine {order.orderId}
        </h1>
        <p className="text-slate-700 [overflow-wrap:anywhere]">{order.email}</p>
      </div>

      <SuccessBanner message={announcement} />
      {error && !confirmingRevoke && !confirmingRefund ? (
        <ErrorBanner message={error} onDismiss={dismissError} />
      ) : null}

      <section aria-labelledby="actions-heading" className="space-y-3">
        <h2 id="actions-heading" className="text-xl font-semibold text-slate-900">
          Azioni
        </h2>
        {order.files.length === 0 ? (
          // A membership alone grants no file: nothing to resend or revoke (409 on the server).
          <p className="text-sm text-slate-700">
            Questo ordine non ha file da scaricare: non ci sono link da reinviare né accessi da
            revocare.
          </p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <button
              ref={resendRef}
              type="button"
              onClick={resend}
              disabled={running !== null}
              className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
            >
              {running === 'resend' ? 'Invio in corso...' : 'Reinvia i link'}
            </button>
            {!revoked || restorable ? (
              // One button for both, so the focus stays on it when the access changes.
              <button
                ref={accessRef}
                type="button"
                onClick={revoked ? restore : askToRevoke}
                disabled={running !== null}
                className={`${BUTTON} border ${
                  revoked
                    ? 'border-emerald-700 text-emerald-800 hover:bg-emerald-50'
                    : 'border-red-700 text-red-800 hover:bg-red-50'
                }`}
              >
                {running === 'restore'
                  ? 'Ripristino in corso...'
                  : revoked
                    ? 'Ripristina accesso'
                    : 'Revoca accesso'}
              </button>
            ) : (
              <p className="text-sm text-slate-700">
                L&apos;accesso è stato revocato dal rimborso: non si ripristina da qui.
              </p>
            )}
          </div>
        )}
        {refundable ? (
          <button
            ref={refundRef}
            type="button"
            onClick={askToRefund}
            disabled={running !== null}
            className={`${BUTTON} border border-red-700 text-red-800 hover:bg-red-50`}
          >
            {running === 'refund' ? 'Rimborso in corso...' : 'Rimborsa'}
          </button>
        ) : null}
      </section>

      {order.dispute ? (
        <DisputePanel
          dispute={order.dispute}
          sending={running === 'evidence'}
          disabled={running !== null}
          onSubmit={submitEvidence}
          buttonRef={evidenceRef}
        />
      ) : null}

      <OrderDetails order={order} />

      <section aria-labelledby="files-heading" className="space-y-3">
        <h2 id="files-heading" className="text-xl font-semibold text-slate-900">
          File e download
        </h2>
        <div className="rounded-2xl border border-slate-200 p-4 text-sm">
          <FileDownloads files={order.files} />
        </div>
      </section>

      <OrderWithdrawals orderId={order.orderId} />

      <AuditTrail entries={order.audit} />

      {confirmingRefund ? (
        <RefundModal
          order={order}
          busy={running === 'refund'}
          error={error}
          onDismissError={dismissError}
          onCancel={cancelRefund}
          onConfirm={confirmRefund}
          fallbackFocus={() => refundRef.current ?? headingRef.current}
        />
      ) : null}

      {confirmingRevoke ? (
        <RevokeAccessModal
          order={order}
          busy={running === 'revoke'}
          error={error}
          onDismissError={dismissError}
          onCancel={cancelRevoke}
          onConfirm={confirmRevoke}
          fallbackFocus={() => accessRef.current ?? headingRef.current}
        />
      ) : null}
    </div>
  );
}
