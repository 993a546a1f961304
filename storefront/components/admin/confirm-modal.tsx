'use client';
/**
 * A confirmation before an admin action that cannot be taken back lightly (deleting a record,
 * revoking an order's access): the focus starts on Annulla, the server's refusal shows inside,
 * and while the call runs both buttons wait and Esc does not close.
 */
import { useRef, type ReactNode } from 'react';
import { AdminModal, ModalCancelButton } from './admin-modal';
import { ErrorBanner } from './error-banner';

export interface ConfirmModalProps {
  busy: boolean;
  error: string | null;
  onDismissError: () => void;
  onCancel: () => void;
  onConfirm: () => void;
  fallbackFocus: () => HTMLElement | null;
}

export function ConfirmModal({
  title,
  confirmLabel,
  busyLabel,
  children,
  busy,
  error,
  onDismissError,
  onCancel,
  onConfirm,
  fallbackFocus,
}: ConfirmModalProps & {
  title: string;
  confirmLabel: string;
  busyLabel: string;
  /** The question. */
  children: ReactNode;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AdminModal
      title={title}
      busy={busy}
      onClose={onCancel}
      initialFocus={cancelRef}
      fallbackFocus={fallbackFocus}
    >
      <div className="space-y-4">
        {error ? <ErrorBanner message={error} onDismiss={onDismissError} /> : null}
        <p className="break-words text-slate-700">{children}</p>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <ModalCancelButton ref={cancelRef} onCancel={onCancel} busy={busy} />
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </AdminModal>
  );
}
