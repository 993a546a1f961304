'use client';
/**
 * The admin page's content (docs/product.md#admin-subscription-records, #states): the list with its
 * loading, empty and error states, and one modal at a time (create, edit or delete). Opening a
 * modal clears the error; a successful change reloads the list, closes the modal and shows a
 * success banner for 3 seconds. The API's 403 is the last word on access: it shows the
 * not-authorised view.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { SubscriptionRecord, SubscriptionRecordInput } from 'commerce-service/contract';
import { useSession } from '@/components/auth/use-session';
import { EMPTY_RECORD_FORM } from '@/lib/admin/validate-record-form';
import { AdminSpinner } from './admin-spinner';
import { loginPathFor } from './admin-gate';
import { DeleteRecordModal } from './delete-record-modal';
import { ErrorBanner } from './error-banner';
import { NotAuthorised } from './not-authorised';
import { RecordCards, RecordTable } from './record-list';
import { RecordFormModal } from './record-form-modal';
import { useSubscriptionRecords } from './use-subscription-records';

export const SUCCESS_BANNER_MS = 3000;

export const SUCCESS_MESSAGES = {
  create: 'Subscription record creato con successo!',
  update: 'Subscription record aggiornato con successo!',
  remove: 'Subscription record eliminato con successo!',
} as const;

type Modal =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; record: SubscriptionRecord }
  | { kind: 'delete'; record: SubscriptionRecord };

export function SubscriptionRecordsManager({ returnPath }: { returnPath: string }) {
  const router = useRouter();
  const { user } = useSession();
  const records = useSubscriptionRecords();
  const [modal, setModal] = useState<Modal>({ kind: 'closed' });
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const successTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => window.clearTimeout(successTimer.current), []);

  // The session ended since the page checked it: sign in again, then come back.
  useEffect(() => {
    if (records.denied === 401) router.replace(loginPathFor(returnPath));
  }, [records.denied, router, returnPath]);

  if (records.denied === 403) return <NotAuthorised email={user?.email ?? ''} />;
  if (records.denied === 401)
    return <AdminSpinner label="Reindirizzamento alla pagina di accesso..." />;

  function open(next: Modal) {
    records.clearError();
    setModal(next);
  }

  function close() {
    records.clearError();
    setModal({ kind: 'closed' });
  }

  function showSuccess(message: string) {
    setSuccess(message);
    window.clearTimeout(successTimer.current);
    successTimer.current = window.setTimeout(() => setSuccess(null), SUCCESS_BANNER_MS);
  }

  async function run(change: () => Promise<unknown>, message: string) {
    setBusy(true);
    try {
      await change();
      setModal({ kind: 'closed' });
      showSuccess(message);
    } catch {
      // The hook has put the message in the error banner; the modal stays open to retry.
    } finally {
      setBusy(false);
    }
  }

  const save = (input: SubscriptionRecordInput) =>
    modal.kind === 'edit'
      ? run(() => records.update(modal.record.id, input), SUCCESS_MESSAGES.update)
      : run(() => records.create(input), SUCCESS_MESSAGES.create);

  const fallbackFocus = () => headingRef.current;
  const modalOpen = modal.kind !== 'closed';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold text-slate-900 outline-none"
        >
          Gestione Subscription Records
        </h1>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => open({ kind: 'create' })}
            className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
          >
            Nuovo Subscription Record
          </button>
          <button
            type="button"
            onClick={() => void records.refresh()}
            disabled={records.refreshing}
            className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {records.refreshing ? 'Aggiornamento...' : 'Aggiorna'}
          </button>
        </div>
      </div>

      <div aria-live="polite">
        {success ? (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            {success}
          </p>
        ) : null}
      </div>
      {records.error && !modalOpen ? (
        <ErrorBanner message={records.error} onDismiss={records.clearError} />
      ) : null}

      <section aria-labelledby="records-heading" className="space-y-4">
        <h2 id="records-heading" className="text-xl font-semibold text-slate-900">
          Subscription Records ({records.records.length})
        </h2>
        {records.loading ? (
          <AdminSpinner label="Caricamento subscription records..." />
        ) : records.failed ? (
          <p className="rounded-2xl border border-slate-200 p-6 text-center text-slate-700">
            Non è stato possibile caricare i subscription records. Usa &quot;Aggiorna&quot; per
            riprovare.
          </p>
        ) : records.records.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
            <p className="text-lg font-semibold text-slate-900">Nessun subscription record</p>
            <p className="mt-1 text-slate-600">Non ci sono subscription records nel database.</p>
          </div>
        ) : (
          <>
            <RecordTable
              records={records.records}
              onEdit={(record) => open({ kind: 'edit', record })}
              onDelete={(record) => open({ kind: 'delete', record })}
            />
            <RecordCards
              records={records.records}
              onEdit={(record) => open({ kind: 'edit', record })}
              onDelete={(record) => open({ kind: 'delete', record })}
            />
          </>
        )}
      </section>

      {modal.kind === 'create' || modal.kind === 'edit' ? (
        <RecordFormModal
          key={modal.kind === 'edit' ? `edit-${modal.record.id}` : 'create'}
          mode={modal.kind}
          initialValues={
            modal.kind === 'edit'
              ? {
                  user_id: modal.record.user_id,
                  email: modal.record.email,
                  session_id: modal.record.session_id,
                }
              : EMPTY_RECORD_FORM
          }
          busy={busy}
          error={records.error}
          onDismissError={records.clearError}
          onCancel={close}
          onSubmit={(input) => void save(input)}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
      {modal.kind === 'delete' ? (
        <DeleteRecordModal
          record={modal.record}
          busy={busy}
          error={records.error}
          onDismissError={records.clearError}
          onCancel={close}
          onConfirm={() => void run(() => records.remove(modal.record.id), SUCCESS_MESSAGES.remove)}
          fallbackFocus={fallbackFocus}
        />
      ) : null}
    </div>
  );
}
