'use client';
/**
 * The delete confirmation (docs/product.md#validation), with the focus on Annulla: deleting cannot
 * be undone.
 */
import type { SubscriptionRecord } from '@aba-shop/contract';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

export function DeleteRecordModal({
  record,
  ...props
}: ConfirmModalProps & { record: SubscriptionRecord }) {
  return (
    <ConfirmModal
      title="Elimina Subscription Record"
      confirmLabel="Elimina"
      busyLabel="Eliminando..."
      {...props}
    >
      Sei sicuro di voler eliminare il subscription record per {record.email}? Questa azione non può
      essere annullata.
    </ConfirmModal>
  );
}
