'use client';
/**
 * The confirmation before support erases a buyer's data (docs/product.md#your-data), with the
 * focus on Annulla: the buyer's account, sessions, links and messages go at once, for good.
 */
import type { AdminDataRequest } from '@aba-shop/contract';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

export function DataRequestProcessModal({
  request,
  ...props
}: ConfirmModalProps & { request: AdminDataRequest }) {
  return (
    <ConfirmModal
      title="Cancella i dati del cliente"
      confirmLabel="Cancella i dati"
      busyLabel="Cancellazione in corso..."
      {...props}
    >
      Cancellare l&apos;account e i dati personali di {request.email} (richiesta {request.id})? Le
      sue sessioni, i link di download, i messaggi di contatto e gli abbonamenti vengono eliminati
      subito; degli ordini restano solo importi, date e numeri, senza indirizzo. Questa azione non
      può essere annullata.
    </ConfirmModal>
  );
}
