'use client';
/**
 * The three actions of one order in the support console (docs/product.md#admin-orders, #states):
 * resend its links, revoke its access after a confirmation, restore it. An action runs one at a
 * time; its outcome is announced (the service's words for a resend), a refusal (409) gives the
 * service's reason and reloads the order, which another administrator may have changed, and the
 * API's 401 or 403 ends the page's access.
 */
import { useRef, useState, type RefObject } from 'react';
import type { KeyedMutator } from 'swr';
import type { AdminOrderDetail } from '@aba-shop/contract';
import {
  resendOrderLinks,
  restoreOrderAccess,
  revokeOrderAccess,
} from '@/lib/commerce/api/admin-orders';
import { CommerceError } from '@/lib/commerce/client';
import { accessDenial } from '@/lib/admin/admin-failure';
import { orderFailureMessage, type OrderOperation } from '@/lib/admin/order-failure';

export const ACCESS_MESSAGES = {
  revoke: "Accesso revocato: i link di download dell'ordine non funzionano più.",
  restore: "Accesso ripristinato: i link di download dell'ordine funzionano di nuovo.",
} as const;

export type OrderAction = Extract<OrderOperation, 'resend' | 'revoke' | 'restore'>;

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
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [denied, setDenied] = useState<401 | 403 | null>(null);
  /** The buttons the focus goes back to once their action has run. */
  const resendRef = useRef<HTMLButtonElement>(null);
  const accessRef = useRef<HTMLButtonElement>(null);

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
      setConfirmingRevoke(false);
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
    confirmingRevoke,
    /** The last action's outcome, for the success banner. */
    announcement,
    /** The last action's failure, for the error banner. */
    error,
    /** The API's 401 or 403 to an action: the page gives way to the refusal. */
    denied,
    resendRef,
    accessRef,
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
      setConfirmingRevoke(true);
    },
    confirmRevoke: () => void changeAccess('revoke'),
    cancelRevoke: () => {
      setError(null);
      setConfirmingRevoke(false);
    },
    restore: () => {
      setError(null);
      void changeAccess('restore');
    },
  };
}
