'use client';
/**
 * The delete confirmation (docs/product.md#validation), with the focus on Annulla: deleting cannot
 * be undone.
 */
import { useRef } from 'react';
import type { SubscriptionRecord } from 'commerce-service/contract';
import { AdminModal } from './admin-modal';
import { ErrorBanner } from './error-banner';

export function DeleteRecordModal({
  record,
  busy,
  error,
  onDismissError,
  onCancel,
  onConfirm,
  fallbackFocus,
}: {
  record: SubscriptionRecord;
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  fallbackFocus: () => HTMLElement | null;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AdminModal
      title="Elimina Subscription Record"
      busy={busy}
      onClose={onCancel}
      initialFocus={cancelRef}
      fallbackFocus={fallbackFocus}
    >
      <div className="space-y-4">
        {error ? <ErrorBanner message={error} onDismiss={onDismissError} /> : null}
        <p className="break-words text-slate-700">
          Sei sicuro di voler eliminare il subscription record per {record.email}? Questa azione non
          può essere annullata.
        </p>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            Annulla
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? 'Eliminando...' : 'Elimina'}
          </button>
        </div>
      </div>
    </AdminModal>
  );
}
