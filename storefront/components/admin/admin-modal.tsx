'use client';
/**
 * A modal dialog of the admin area: labelled by its title, the focus moved in on opening and
 * kept inside with Tab and Shift+Tab, Esc closes (not while a call is running), and on closing
 * the focus goes back to the button that opened it, or to `fallbackFocus` when that button is
 * gone (the row of a deleted record).
 */
import { useEffect, useId, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { wrapTabFocus } from '@/lib/a11y/wrap-tab-focus';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function AdminModal({
  title,
  busy,
  onClose,
  initialFocus,
  fallbackFocus,
  children,
}: {
  title: string;
  busy: boolean;
  onClose: () => void;
  /** Where the focus goes on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  fallbackFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // Read in the key handler, so the listener is not re-attached on every render.
  const latest = useRef({ busy, onClose });
  useEffect(() => {
    latest.current = { busy, onClose };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const first = initialFocus?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();
    return () => {
      const target = opener?.isConnected ? opener : fallbackFocus?.();
      // Once React has removed the dialog; Strict Mode's rehearsal unmount leaves it in place.
      window.setTimeout(() => {
        if (!panel?.isConnected) target?.focus();
      }, 0);
    };
    // Only on opening and closing: the opener is the element focused at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The page behind stays still while the dialog is open (it would scroll under a phone's finger).
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onClose();
        return;
      }
      const panel = panelRef.current;
      if (panel && !wrapTabFocus(event, panel, FOCUSABLE)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative max-h-[100dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl outline-none sm:max-w-lg sm:rounded-2xl"
      >
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}

/** A modal's Annulla: closes it unchanged, and waits, as Esc does, while a call runs. */
export function ModalCancelButton({
  onCancel,
  busy,
  ref,
}: {
  onCancel: () => void;
  busy: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onCancel}
      disabled={busy}
      className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
    >
      Annulla
    </button>
  );
}
