'use client';
/**
 * The admin page's content (docs/product.md#admin-subscription-records, #states): the search, the
 * pages of records with their loading, empty and error states, the CSV export, and one modal at
 * a time (create, edit or delete). Opening a modal clears the error; a successful change reloads
 * the pages shown, closes the modal and shows a success banner for 3 seconds. The API's 401 and
 * 403 are the last word on access.
 */
import { useEffect, useRef, useState } from 'react';
import type { SubscriptionRecord, SubscriptionRecordInput } from '@aba-shop/contract';
import { SUBSCRIPTION_RECORDS_EXPORT_PATH } from '@/lib/commerce/api/subscription-records';
import { EMPTY_RECORD_FORM } from '@/lib/admin/validate-record-form';
import { AccessRefused } from './access-refused';
import { AdminSearchForm } from './admin-search-form';
import { DeleteRecordModal } from './delete-record-modal';
import { ErrorBanner } from './error-banner';
import { ListPageHeader, PagedList, RefreshButton } from './paged-list';
import { RecordCards, RecordTable } from './record-list';
import { RecordFormModal } from './record-form-modal';
import { SuccessBanner } from './success-banner';
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
  const records = useSubscriptionRecords();
  const [modal, setModal] = useState<Modal>({ kind: 'closed' });
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const successTimer = useRef<number | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => window.clearTimeout(successTimer.current), []);

  if (records.denied) return <AccessRefused status={records.denied} returnPath={returnPath} />;

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
      <ListPageHeader title="Gestione Subscription Records" headingRef={headingRef}>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => open({ kind: 'create' })}
            className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
          >
            Nuovo Subscription Record
          </button>
          <RefreshButton refreshing={records.refreshing} onRefresh={() => void records.refresh()} />
          <a
            href={SUBSCRIPTION_RECORDS_EXPORT_PATH}
            download
            className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Esporta CSV
          </a>
        </div>
      </ListPageHeader>

      <AdminSearchForm
        label="Cerca per email, User ID o Session ID"
        hint="Scrivi l'email, lo User ID o il Session ID completo: la ricerca trova solo corrispondenze esatte."
        applied={records.q}
        onSearch={records.search}
      />

      <SuccessBanner message={success} />
      {records.error && !modalOpen ? (
        <ErrorBanner message={records.error} onDismiss={records.clearError} />
      ) : null}

      <PagedList
        list={records}
        title="Subscription Records"
        summary={
          records.items.length === 1
            ? '1 subscription record mostrato'
            : `${records.items.length} subscription records mostrati`
        }
        loadingLabel="Caricamento subscription records..."
        failedText='Non è stato possibile caricare i subscription records. Usa "Aggiorna" per riprovare.'
        empty={{
          title: 'Nessun subscription record',
          text: 'Non ci sono subscription records nel database.',
          noMatch: (q) => `Nessun subscription record corrisponde a "${q}".`,
        }}
      >
        <RecordTable
          records={records.items}
          onEdit={(record) => open({ kind: 'edit', record })}
          onDelete={(record) => open({ kind: 'delete', record })}
        />
        <RecordCards
          records={records.items}
          onEdit={(record) => open({ kind: 'edit', record })}
          onDelete={(record) => open({ kind: 'delete', record })}
        />
      </PagedList>

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
