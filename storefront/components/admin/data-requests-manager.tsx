'use client';
/**
 * The support console's data requests (docs/product.md#your-data, #states): every buyer's
 * erasure request newest first, or those of one address, page by page; a pending one is
 * processed after a confirmation, and the outcome says what was removed. The API's 401 and 403
 * are the last word on access; a refusal (409: already processed, a membership that renews)
 * shows the service's reason in the modal and reloads the list.
 */
import { useRef, useState } from 'react';
import type { AdminDataRequest } from '@aba-shop/contract';
import {
  ADMIN_DATA_REQUESTS_PATH,
  fetchAdminDataRequestPage,
  processDataRequest,
} from '@/lib/commerce/api/data-requests';
import { CommerceError } from '@/lib/commerce/client';
import { accessDenial, adminFailureMessage } from '@/lib/admin/admin-failure';
import { AccessRefused } from './access-refused';
import { AdminDate } from './admin-date';
import { AdminSearchForm } from './admin-search-form';
import { AdminCard, AdminCards, AdminTable, Fact } from './admin-table';
import { DataRequestProcessModal } from './data-requests-process-modal';
import { ErrorBanner } from './error-banner';
import { ListPageHeader, PagedList, RefreshButton } from './paged-list';
import { SuccessBanner } from './success-banner';
import { useAdminPages } from './use-admin-pages';

export const DATA_REQUEST_FAILURES = {
  list: 'Errore nel recupero delle richieste',
  process: 'Errore nella cancellazione dei dati',
} as const;

/** What processing removed, as the list and the banner say it. */
export function outcomeText(request: AdminDataRequest): string {
  const outcome = request.outcome;
  if (!outcome) return '—';
  return [
    `${outcome.ordersAnonymised} ordini anonimizzati`,
    `${outcome.filesRevoked} file revocati`,
    `${outcome.contactMessagesDeleted} messaggi eliminati`,
    `${outcome.sessionsEnded} sessioni chiuse`,
    outcome.accountDeleted ? 'account eliminato' : 'nessun account',
  ].join(', ');
}

function StatusText({ request }: { request: AdminDataRequest }) {
  if (request.status === 'pending') return <span className="font-semibold">In attesa</span>;
  return (
    <span>
      Completata{' '}
      {request.processedAt ? (
        <>
          il <AdminDate iso={request.processedAt} />
        </>
      ) : null}
      {request.processedBy ? ` da ${request.processedBy}` : ''}
    </span>
  );
}

function ProcessButton({
  request,
  busy,
  onProcess,
}: {
  request: AdminDataRequest;
  busy: boolean;
  onProcess: (request: AdminDataRequest, button: HTMLButtonElement) => void;
}) {
  if (request.status !== 'pending') return <span className="text-slate-600">—</span>;
  return (
    <button
      type="button"
      disabled={busy}
      onClick={(event) => onProcess(request, event.currentTarget)}
      aria-label={`Elabora la richiesta di ${request.email}`}
      className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      Elabora
    </button>
  );
}

const COLUMNS = ['Data', 'Email', 'Tipo', 'Stato', 'Esito', 'Azioni'];

function summary(count: number, q: string): string {
  const requests = count === 1 ? '1 richiesta' : `${count} richieste`;
  if (q) return `${requests} ${count === 1 ? 'trovata' : 'trovate'} per "${q}"`;
  return `${requests} ${count === 1 ? 'mostrata' : 'mostrate'}`;
}

export function DataRequestsManager({ returnPath }: { returnPath: string }) {
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminDataRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [modalError, setModalError] = useState<string | null>(null);
  const [denied, setDenied] = useState<401 | 403 | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const requests = useAdminPages({
    path: ADMIN_DATA_REQUESTS_PATH,
    fetchPage: fetchAdminDataRequestPage,
    onError: (caught) =>
      setError(
        adminFailureMessage(caught, {
          service: DATA_REQUEST_FAILURES.list,
          page: 'Errore sconosciuto',
        }),
      ),
  });

  const refusal = denied ?? requests.denied;
  if (refusal) return <AccessRefused status={refusal} returnPath={returnPath} />;

  const open = (request: AdminDataRequest, button: HTMLButtonElement) => {
    opener.current = button;
    setModalError(null);
    setAnnouncement(null);
    setConfirming(request);
  };

  const process = async () => {
    if (!confirming) return;
    setBusy(true);
    setModalError(null);
    try {
      const done = await processDataRequest(confirming.id);
      setConfirming(null);
      setAnnouncement(`Dati cancellati per la richiesta ${done.id}: ${outcomeText(done)}.`);
      void requests.reload();
    } catch (caught) {
      const status = accessDenial(caught);
      if (status) {
        setDenied(status);
        return;
      }
      setModalError(
        adminFailureMessage(caught, {
          service: DATA_REQUEST_FAILURES.process,
          page: 'Errore sconosciuto',
        }),
      );
      // Refused because the request is not what the list shows: show it as it now is.
      if (caught instanceof CommerceError && caught.status === 409) void requests.reload();
    } finally {
      setBusy(false);
    }
  };

  const count = requests.items.length;
  return (
    <div className="space-y-6">
      <ListPageHeader title="Richieste dati" headingRef={headingRef}>
        <RefreshButton
          refreshing={requests.refreshing}
          onRefresh={() => {
            setError(null);
            void requests.reload();
          }}
        />
      </ListPageHeader>
      <p className="text-slate-700">
        Le richieste di cancellazione dei clienti, fatte dalla pagina del loro account. Elaborarne
        una cancella l&apos;account, le sessioni, i link di download, i messaggi e gli abbonamenti
        del cliente; degli ordini restano solo i dati contabili, senza indirizzo.
      </p>

      <AdminSearchForm
        label="Cerca per email"
        hint="Scrivi l'indirizzo email completo: la ricerca trova solo corrispondenze esatte."
        applied={requests.q}
        onSearch={(q) => {
          setError(null);
          requests.search(q);
        }}
      />

      <SuccessBanner message={announcement} />
      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} /> : null}

      <PagedList
        list={requests}
        title="Richieste"
        summary={summary(count, requests.q)}
        loadingLabel="Caricamento richieste..."
        failedText='Non è stato possibile caricare le richieste. Usa "Aggiorna" per riprovare.'
        empty={{
          title: 'Nessuna richiesta',
          text: 'Nessun cliente ha ancora chiesto la cancellazione dei propri dati.',
          noMatch: (q) => `Nessuna richiesta corrisponde a "${q}".`,
        }}
      >
        <AdminTable columns={COLUMNS}>
          {requests.items.map((request) => (
            <tr key={request.id} className="align-top hover:bg-slate-50">
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <AdminDate iso={request.requestedAt} />
              </td>
              <td className="px-4 py-3 [overflow-wrap:anywhere]">{request.email}</td>
              <td className="px-4 py-3">Cancellazione</td>
              <td className="px-4 py-3">
                <StatusText request={request} />
              </td>
              <td className="px-4 py-3">{outcomeText(request)}</td>
              <td className="px-4 py-3">
                <ProcessButton request={request} busy={busy} onProcess={open} />
              </td>
            </tr>
          ))}
        </AdminTable>
        <AdminCards label="Richieste">
          {requests.items.map((request) => (
            <AdminCard
              key={request.id}
              email={request.email}
              facts={
                <>
                  <Fact term="Data">
                    <AdminDate iso={request.requestedAt} />
                  </Fact>
                  <Fact term="Tipo">Cancellazione</Fact>
                  <Fact term="Stato">
                    <StatusText request={request} />
                  </Fact>
                  <Fact term="Esito">{outcomeText(request)}</Fact>
                </>
              }
              actions={<ProcessButton request={request} busy={busy} onProcess={open} />}
            />
          ))}
        </AdminCards>
      </PagedList>

      {confirming ? (
        <DataRequestProcessModal
          request={confirming}
          busy={busy}
          error={modalError}
          onDismissError={() => setModalError(null)}
          onCancel={() => {
            setModalError(null);
            setConfirming(null);
          }}
          onConfirm={() => void process()}
          fallbackFocus={() => (opener.current?.isConnected ? opener.current : headingRef.current)}
        />
      ) : null}
    </div>
  );
}
