'use client';
/**
 * The confirmation before an order's access is revoked (docs/product.md#admin-orders), with the
 * focus on Annulla: the buyer's links stop working at once.
 */
import type { AdminOrder } from '@aba-shop/contract';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

export function RevokeAccessModal({ order, ...props }: ConfirmModalProps & { order: AdminOrder }) {
  return (
    <ConfirmModal
      title="Revoca accesso"
      confirmLabel="Revoca accesso"
      busyLabel="Revocando..."
      {...props}
    >
      Revocare l&apos;accesso ai download dell&apos;ordine {order.orderId} di {order.email}? I suoi
      link di download smetteranno subito di funzionare, finché l&apos;accesso non viene
      ripristinato.
    </ConfirmModal>
  );
}
