'use client';
/**
 * A confirmation before an admin action that cannot be taken back lightly (deleting a record,
 * revoking an order's access): the focus starts on Annulla, the server's refusal shows inside,
 * and while the call runs both buttons wait and Esc does not close.
 */
import { useRef, type ReactNode, type RefObject } from 'react';
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
  confirmDisabled = false,
  confirmDescribedBy,
  initialFocus,
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
  /** The question, and whatever the administrator chooses before confirming. */
  children: ReactNode;
  /** Whether the choice made so far cannot be confirmed. */
  confirmDisabled?: boolean;
  /** The element that says what confirming does (the refund's amount). */
  confirmDescribedBy?: string;
  /** Where the focus starts: Annulla unless a choice comes first. */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AdminModal
      title={title}
      busy={busy}
      onClose={onCancel}
      initialFocus={initialFocus ?? cancelRef}
      fallbackFocus={fallbackFocus}
    >
      <div className="space-y-4">
        {error ? <ErrorBanner message={error} onDismiss={onDismissError} /> : null}
        <div className="space-y-4 break-words text-slate-700">{children}</div>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <ModalCancelButton ref={cancelRef} onCancel={onCancel} busy={busy} />
          <button
            type="button"
            aria-describedby={confirmDescribedBy}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </AdminModal>
  );
}
