'use client';
/**
 * One order in the support console (docs/product.md#admin-orders, #states): its details, its
 * files and downloads, the three actions and the audit trail. An action runs one at a time, its
 * button waiting meanwhile; its outcome is announced (the service's words for a resend), a
 * refusal (409) shows the service's reason and reloads the order, which another administrator
 * may have changed. The API's 401 and 403 are the last word on access.
 */
import Link from 'next/link';
import { useRef, useState, type RefObject } from 'react';
import useSWR from 'swr';
import type { AdminOrderDetail } from 'commerce-service/contract';
import {
  adminOrderPath,
  fetchAdminOrder,
  resendOrderLinks,
  restoreOrderAccess,
  revokeOrderAccess,
} from '@/lib/commerce/api/admin-orders';
import { CommerceError } from '@/lib/commerce/client';
import { accessDenial } from '@/lib/admin/admin-failure';
import { orderFailureMessage, type OrderOperation } from '@/lib/admin/order-failure';
import { formatPrice } from '@/lib/format/price';
import { AccessRefused } from './access-refused';
import { AdminDate } from './admin-date';
import { ADMIN_SECTIONS } from './admin-nav';
import { AdminSpinner } from './admin-spinner';
import { Fact } from './admin-table';
import { AuditTrail } from './audit-trail';
import { ErrorBanner } from './error-banner';
import { FileDownloads, OrderProducts, OrderStatus } from './order-facts';
import { RevokeAccessModal } from './revoke-access-modal';
import { SuccessBanner } from './success-banner';

export const ACCESS_MESSAGES = {
  revoke: "Accesso revocato: i link di download dell'ordine non funzionano più.",
  restore: "Accesso ripristinato: i link di download dell'ordine funzionano di nuovo.",
} as const;

type Action = Extract<OrderOperation, 'resend' | 'revoke' | 'restore'>;

const BUTTON = 'rounded-lg px-4 py-2.5 font-semibold disabled:opacity-60';

function OrderDetails({ order }: { order: AdminOrderDetail }) {
  const price = (cents: number) => formatPrice(cents, order.currency);
  return (
    <section aria-labelledby="details-heading" className="space-y-3">
      <h2 id="details-heading" className="text-xl font-semibold text-slate-900">
        Dettagli
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-slate-200 p-4 text-sm">
        <Fact term="ID ordine">{order.orderId}</Fact>
        <Fact term="ID sessione">{order.checkoutSessionId}</Fact>
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
        <Fact term="Termini accettati">
          {order.termsAcceptedAt ? <AdminDate iso={order.termsAcceptedAt} /> : '—'}
        </Fact>
      </dl>
    </section>
  );
}

/** After a button was disabled while its call ran, the browser may have dropped the focus. */
function keepFocus(target: RefObject<HTMLElement | null>) {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, 0);
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
  const [running, setRunning] = useState<Action | null>(null);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [actionDenied, setActionDenied] = useState<401 | 403 | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resendRef = useRef<HTMLButtonElement>(null);
  const accessRef = useRef<HTMLButtonElement>(null);

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

  async function run(
    action: Action,
    call: () => Promise<string>,
    /** Null while the confirmation is open: the modal keeps the focus, and returns it. */
    focusAfter: RefObject<HTMLElement | null> | null,
  ) {
    setRunning(action);
    setError(null);
    setAnnouncement(null);
    try {
      setAnnouncement(await call());
      setConfirmingRevoke(false);
    } catch (caught) {
      const status = accessDenial(caught);
      if (status) {
        setActionDenied(status);
        return;
      }
      setError(orderFailureMessage(caught, action));
      // Refused because the order is not what this page shows: show it as it now is.
      if (caught instanceof CommerceError && caught.status === 409) void mutate();
    } finally {
      setRunning(null);
      if (focusAfter) keepFocus(focusAfter);
    }
  }

  const changeAccess = (action: 'revoke' | 'restore') =>
    run(
      action,
      async () => {
        const changed = await (action === 'revoke' ? revokeOrderAccess : restoreOrderAccess)(
          orderId,
        );
        await mutate(changed, { revalidate: false });
        return ACCESS_MESSAGES[action];
      },
      action === 'revoke' ? null : accessRef,
    );

  const revoked = order.access === 'revoked';
  // A refund's revocation is not undone here (docs/product.md#support-console).
  const restorable = revoked && order.status !== 'refunded';

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
      {error && !confirmingRevoke ? (
        <ErrorBanner message={error} onDismiss={() => setError(null)} />
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
              onClick={() =>
                void run(
                  'resend',
                  async () => {
                    const message = await resendOrderLinks(orderId);
                    // The answer is only the message: the new trail entry and counts come with the order.
                    void mutate();
                    return message;
                  },
                  resendRef,
                )
              }
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
                onClick={() => {
                  setError(null);
                  if (revoked) void changeAccess('restore');
                  else setConfirmingRevoke(true);
                }}
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
      </section>

      <OrderDetails order={order} />

      <section aria-labelledby="files-heading" className="space-y-3">
        <h2 id="files-heading" className="text-xl font-semibold text-slate-900">
          File e download
        </h2>
        <div className="rounded-2xl border border-slate-200 p-4 text-sm">
          <FileDownloads files={order.files} />
        </div>
      </section>

      <AuditTrail entries={order.audit} />

      {confirmingRevoke ? (
        <RevokeAccessModal
          order={order}
          busy={running === 'revoke'}
          error={error}
          onDismissError={() => setError(null)}
          onCancel={() => {
            setError(null);
            setConfirmingRevoke(false);
          }}
          onConfirm={() => void changeAccess('revoke')}
          fallbackFocus={() => accessRef.current ?? headingRef.current}
        />
      ) : null}
    </div>
  );
}
