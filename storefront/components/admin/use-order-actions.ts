'use client';
/**
 * The actions of one order in the support console (docs/product.md#admin-orders, #states):
 * resend its links, revoke its access after a confirmation, restore it, and refund it (all or
 * chosen lines, docs/product.md#refunds-from-the-console) after choosing. An action runs one at a
 * time; its outcome is announced (the service's words for a resend), a refusal (409) gives the
 * service's reason and reloads the order, which another administrator may have changed, and the
 * API's 401 or 403 ends the page's access.
 */
import { useRef, useState, type RefObject } from 'react';
import type { KeyedMutator } from 'swr';
import type { AdminOrderDetail } from '@aba-shop/contract';
import {
  refundOrder,
  submitDisputeEvidence,
  resendOrderLinks,
  restoreOrderAccess,
  revokeOrderAccess,
} from '@/lib/commerce/api/admin-orders';
import { formatPrice } from '@aba-shop/service-kit/money';
import { CommerceError } from '@/lib/commerce/client';
import { accessDenial } from '@/lib/admin/admin-failure';
import { orderFailureMessage, type OrderOperation } from '@/lib/admin/order-failure';

export const ACCESS_MESSAGES = {
  revoke: "Accesso revocato: i link di download dell'ordine non funzionano più.",
  restore: "Accesso ripristinato: i link di download dell'ordine funzionano di nuovo.",
} as const;

/** What a refund's answer says: made by the provider, or waiting to be asked again. */
export function refundMessage(order: AdminOrderDetail): string {
  const [newest] = order.refunds;
  if (!newest) return 'Rimborso eseguito.';
  const amount = formatPrice(newest.amount, order.currency);
  return newest.status === 'pending'
    ? `Rimborso di ${amount} in attesa: il fornitore dei pagamenti non risponde ora e sarà richiesto di nuovo automaticamente. I file restano attivi finché il rimborso non è eseguito.`
    : `Rimborso eseguito: ${amount} restituiti a ${order.email}, che riceve un'e-mail di conferma.`;
}

export type OrderAction = Extract<
  OrderOperation,
  'resend' | 'revoke' | 'restore' | 'refund' | 'evidence'
>;

export const EVIDENCE_SENT =
  'Prove inviate a Stripe: la banca del cliente le esamina, e l’esito arriverà qui.';

/** After a button was disabled while its call ran, the browser may have dropped the focus. */
function keepFocus(target: RefObject<HTMLElement | null>) {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, 0);
}

/**
 * `mutate` is the loaded order's: an access change puts the service's answer in its place, a
 * resend or a refusal reloads it.
 */
export function useOrderActions(orderId: string, mutate: KeyedMutator<AdminOrderDetail>) {
  const [running, setRunning] = useState<OrderAction | null>(null);
  /** The confirmation open, if any: the revocation's, or the refund's choice. */
  const [confirming, setConfirming] = useState<'revoke' | 'refund' | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [denied, setDenied] = useState<401 | 403 | null>(null);
  /** The buttons the focus goes back to once their action has run. */
  const resendRef = useRef<HTMLButtonElement>(null);
  const accessRef = useRef<HTMLButtonElement>(null);
  const refundRef = useRef<HTMLButtonElement>(null);
  const evidenceRef = useRef<HTMLElement>(null);

  async function run(
    action: OrderAction,
    call: () => Promise<string>,
    /** Null while the confirmation is open: the modal keeps the focus, and returns it. */
    focusAfter: RefObject<HTMLElement | null> | null,
  ) {
    setRunning(action);
    setError(null);
    setAnnouncement(null);
    try {
      setAnnouncement(await call());
      setConfirming(null);
    } catch (caught) {
      const status = accessDenial(caught);
      if (status) {
        setDenied(status);
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

  return {
    /** The action under way, whose button says so; every action button waits meanwhile. */
    running,
    /** Whether the revocation's confirmation is open (it shows the error itself then). */
    confirmingRevoke: confirming === 'revoke',
    /** Whether the refund's choice is open (it shows the error itself then). */
    confirmingRefund: confirming === 'refund',
    /** The last action's outcome, for the success banner. */
    announcement,
    /** The last action's failure, for the error banner. */
    error,
    /** The API's 401 or 403 to an action: the page gives way to the refusal. */
    denied,
    resendRef,
    accessRef,
    refundRef,
    evidenceRef,
    dismissError: () => setError(null),
    resend: () =>
      void run(
        'resend',
        async () => {
          const message = await resendOrderLinks(orderId);
          // The answer is only the message: the new trail entry and counts come with the order.
          void mutate();
          return message;
        },
        resendRef,
      ),
    /** Opens the revocation's confirmation. */
    askToRevoke: () => {
      setError(null);
      setConfirming('revoke');
    },
    confirmRevoke: () => void changeAccess('revoke'),
    cancelRevoke: () => {
      setError(null);
      setConfirming(null);
    },
    /** Opens the refund's choice: the whole order or some lines. */
    askToRefund: () => {
      setError(null);
      setConfirming('refund');
    },
    /** Null refunds all that is left. */
    confirmRefund: (lineIds: string[] | null) =>
      void run(
        'refund',
        async () => {
          const changed = await refundOrder(orderId, lineIds);
          await mutate(changed, { revalidate: false });
          return refundMessage(changed);
        },
        // The modal returns the focus itself; the button may be gone once all is refunded.
        null,
      ),
    /** 'Invia le prove': the dispute's evidence, as the panel shows it, to Stripe. */
    submitEvidence: () =>
      void run(
        'evidence',
        async () => {
          await mutate(await submitDisputeEvidence(orderId), { revalidate: false });
          return EVIDENCE_SENT;
        },
        evidenceRef,
      ),
    cancelRefund: () => {
      setError(null);
      setConfirming(null);
    },
    restore: () => {
      setError(null);
      void changeAccess('restore');
    },
  };
}
