'use client';
/**
 * An order's dispute in the support console (docs/product.md#disputes): what the buyer's bank
 * disputes and where it stands, the evidence the shop's records make exactly as it would be
 * sent, and 'Invia le prove', while it can still be sent.
 */
import type { RefObject } from 'react';
import type { AdminOrderDispute } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';
import { AdminDate } from './admin-date';
import { Fact } from './admin-table';
import { disputeStatusText } from './order-facts';

const REASON_TEXT: Record<string, string> = {
  fraudulent: 'frode (il cliente dice di non aver fatto l’acquisto)',
  product_not_received: 'prodotto non ricevuto',
  product_unacceptable: 'prodotto non conforme',
  duplicate: 'addebito doppio',
  subscription_canceled: 'abbonamento annullato',
  credit_not_processed: 'rimborso non ricevuto',
  unrecognized: 'addebito non riconosciuto',
  general: 'generica',
};

export function DisputePanel({
  dispute,
  sending,
  disabled,
  onSubmit,
  buttonRef,
}: {
  dispute: AdminOrderDispute;
  sending: boolean;
  disabled: boolean;
  onSubmit: () => void;
  /** The button; once the evidence is sent, the panel's heading, where the focus stays. */
  buttonRef: RefObject<HTMLElement | null>;
}) {
  const { evidence } = dispute;
  const open = dispute.outcome === null && dispute.evidenceSubmittedAt === null;
  return (
    <section
      aria-labelledby="dispute-heading"
      className="space-y-3 rounded-2xl border border-red-300 bg-red-50/40 p-4"
    >
      <h2
        id="dispute-heading"
        ref={open ? undefined : (buttonRef as RefObject<HTMLHeadingElement | null>)}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 outline-none"
      >
        Contestazione
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <Fact term="Stato">
          {disputeStatusText(dispute.status)}
          {dispute.outcome ? ` · esito: ${disputeStatusText(dispute.outcome)}` : null}
        </Fact>
        <Fact term="Motivo">{REASON_TEXT[dispute.reason] ?? dispute.reason}</Fact>
        <Fact term="Importo">{formatPrice(dispute.amount, dispute.currency)}</Fact>
        <Fact term="Aperta il">
          <AdminDate iso={dispute.createdAt} />
        </Fact>
        {dispute.evidenceDueBy ? (
          <Fact term="Prove entro">
            <AdminDate iso={dispute.evidenceDueBy} />
          </Fact>
        ) : null}
        <Fact term="Prove inviate">
          {dispute.evidenceSubmittedAt ? (
            <>
              <AdminDate iso={dispute.evidenceSubmittedAt} /> da{' '}
              {dispute.evidenceSubmittedBy === 'automatic'
                ? 'invio automatico'
                : dispute.evidenceSubmittedBy}
            </>
          ) : (
            'non ancora'
          )}
        </Fact>
      </dl>
      <h3 className="font-semibold text-slate-900">Le prove che il negozio invia</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm [overflow-wrap:anywhere]">
        <Fact term="Cliente">{evidence.customerEmail}</Fact>
        <Fact term="Consenso">
          {evidence.consentAt ? (
            <>
              accettato il <AdminDate iso={evidence.consentAt} />:{' '}
            </>
          ) : (
            'testo mostrato: '
          )}
          «{evidence.consentText}»
        </Fact>
        <Fact term="Ricevuta inviata">
          {evidence.receiptSentAt ? <AdminDate iso={evidence.receiptSentAt} /> : 'non ancora'}
        </Fact>
        <Fact term="Timbro sui PDF">{evidence.stampedReference}</Fact>
        <Fact term="Download">
          {evidence.downloads.length === 0 ? (
            'nessun download registrato'
          ) : (
            <ul aria-label="Registro dei download" className="space-y-1">
              {evidence.downloads.map((download) => (
                <li key={`${download.at}-${download.fileKey}`}>
                  <AdminDate iso={download.at} /> · {download.fileKey} · {download.clientIp ?? '—'}{' '}
                  · {download.userAgent ?? '—'}
                </li>
              ))}
            </ul>
          )}
        </Fact>
        <Fact term="Biblioteca">
          {evidence.libraryOpenings.length} aperture, {evidence.libraryProgress.length} posizioni di
          lettura o ascolto
        </Fact>
      </dl>
      {open ? (
        <button
          ref={buttonRef as RefObject<HTMLButtonElement | null>}
          type="button"
          onClick={onSubmit}
          disabled={disabled}
          className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {sending ? 'Invio delle prove...' : 'Invia le prove'}
        </button>
      ) : null}
    </section>
  );
}
