import { act, screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderDetail } from '@aba-shop/contract';
import {
  fetchAdminOrder,
  refundOrder,
  resendOrderLinks,
  submitDisputeEvidence,
  restoreOrderAccess,
  revokeOrderAccess,
} from '@/lib/commerce/api/admin-orders';
import { CommerceError } from '@/lib/commerce/client';
import { ORDER, REVOKE_ENTRY, orderDetail } from '@/test-support/admin-orders';
import { ADMIN, deferred, renderAdminPage, signedInAs } from '@/test-support/admin-pages';
import { OrderAdmin } from './order-admin';
import { ACCESS_MESSAGES } from './order-view';

jest.mock('@/lib/commerce/api/admin-orders', () => ({
  ...jest.requireActual('@/lib/commerce/api/admin-orders'),
  fetchAdminOrder: jest.fn(),
  resendOrderLinks: jest.fn(),
  revokeOrderAccess: jest.fn(),
  restoreOrderAccess: jest.fn(),
  refundOrder: jest.fn(),
  submitDisputeEvidence: jest.fn(),
}));
jest.mock('@/components/auth/use-session', () => ({ useSession: jest.fn() }));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

const fetchOrder = jest.mocked(fetchAdminOrder);
const resend = jest.mocked(resendOrderLinks);
const revoke = jest.mocked(revokeOrderAccess);
const restore = jest.mocked(restoreOrderAccess);
const refund = jest.mocked(refundOrder);
const sendEvidence = jest.mocked(submitDisputeEvidence);

const RESEND_ENTRY = {
  id: 'aud_1',
  at: '2026-11-22T08:00:00.000Z',
  actor: 'support@example.com',
  action: 'order.resend' as const,
  before: null,
  after: { to: ORDER.email, files: 2 },
};

async function renderOrder(detail: AdminOrderDetail = orderDetail({}, [RESEND_ENTRY])) {
  signedInAs(ADMIN);
  fetchOrder.mockResolvedValue(detail);
  const user = renderAdminPage(<OrderAdmin orderId={ORDER.orderId} />);
  await screen.findByRole('heading', { name: `Ordine ${ORDER.orderId}` });
  return user;
}

const actions = () => screen.getByRole('region', { name: 'Azioni' });
const auditEntries = () =>
  within(screen.getByRole('list', { name: "Azioni sull'ordine, dalla più recente" })).getAllByRole(
    'listitem',
  );

beforeEach(() => {
  jest.clearAllMocks();
});

describe('the order view', () => {
  it('shows the order, its files and its audit trail in Italian', async () => {
    await renderOrder();
    expect(fetchOrder).toHaveBeenCalledWith(ORDER.orderId);
    const details = screen.getByRole('region', { name: 'Dettagli' });
    expect(details).toHaveTextContent(`Numero d'ordine${ORDER.orderNumber}`);
    expect(details).toHaveTextContent('Subtotale$47.98');
    expect(details).toHaveTextContent('Sconto−$4.80');
    expect(details).not.toHaveTextContent('Tasse');
    expect(details).toHaveTextContent('Totale$43.18');
    expect(details).toHaveTextContent('StatoPagato');
    const files = screen.getByRole('region', { name: 'File e download' });
    expect(files).toHaveTextContent(/ABA for Parents eBook \(PDF\)2 download, ultimo/);
    expect(files).toHaveTextContent('ABA Case Studies Audiobook (MP3)0 download, mai scaricato');

    const [entry] = auditEntries();
    expect(entry).toHaveTextContent('Amministratoresupport@example.com');
    expect(entry).toHaveTextContent('AzioneLink di download reinviati');
    expect(entry).toHaveTextContent('— → diventa destinatario: buyer@example.com, file: 2');

    const nav = screen.getByRole('navigation', { name: 'Amministrazione' });
    expect(within(nav).getByRole('link', { name: 'Ordini' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByRole('link', { name: '← Torna agli ordini' })).toHaveAttribute(
      'href',
      '/admin/orders',
    );
  });

  it('says when the order has no action recorded yet', async () => {
    await renderOrder(orderDetail());
    expect(screen.getByText('Nessuna azione registrata su questo ordine.')).toBeVisible();
  });

  it.each([
    [404, 'ord_unknown', 'Nessun ordine con questo id'],
    [400, 'not-an-order', 'non è l’id di un ordine'],
  ])(
    'says an order answered %i was not found, in the service’s words',
    async (status, id, text) => {
      signedInAs(ADMIN);
      fetchOrder.mockRejectedValue(new CommerceError('refused', status, text));
      renderAdminPage(<OrderAdmin orderId={id} />);
      expect(await screen.findByRole('heading', { name: 'Ordine non trovato' })).toBeVisible();
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(screen.queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();
    },
  );

  it('offers Riprova when the order could not be loaded', async () => {
    signedInAs(ADMIN);
    fetchOrder.mockRejectedValueOnce(new CommerceError('no-answer', null, null));
    const user = renderAdminPage(<OrderAdmin orderId={ORDER.orderId} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Errore nel recupero dell'ordine");
    fetchOrder.mockResolvedValueOnce(orderDetail());
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: `Ordine ${ORDER.orderId}` })).toBeVisible();
  });

  it('signs in again on 401, coming back to this order', async () => {
    signedInAs(ADMIN);
    fetchOrder.mockRejectedValue(new CommerceError('refused', 401, 'Accedi'));
    renderAdminPage(<OrderAdmin orderId={ORDER.orderId} />);
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(`/login?redirect=/admin/orders/${ORDER.orderId}`),
    );
  });
});

describe('the actions', () => {
  it('Reinvia i link waits while it runs, then announces the service’s message and shows the new trail entry', async () => {
    const user = await renderOrder(orderDetail());
    const sending = deferred<string>();
    resend.mockReturnValue(sending.promise);
    await user.click(within(actions()).getByRole('button', { name: 'Reinvia i link' }));
    expect(resend).toHaveBeenCalledWith(ORDER.orderId);
    expect(within(actions()).getByRole('button', { name: 'Invio in corso...' })).toBeDisabled();
    expect(within(actions()).getByRole('button', { name: 'Revoca accesso' })).toBeDisabled();
    fetchOrder.mockResolvedValue(orderDetail({}, [RESEND_ENTRY]));
    await act(async () => sending.resolve('Link di download inviati a buyer@example.com.'));
    const announced = screen.getByText('Link di download inviati a buyer@example.com.');
    expect(announced.closest('[aria-live="polite"]')).not.toBeNull();
    expect(within(actions()).getByRole('button', { name: 'Reinvia i link' })).toBeEnabled();
    await waitFor(() => expect(auditEntries()).toHaveLength(1));
    expect(auditEntries()[0]).toHaveTextContent('AzioneLink di download reinviati');
  });

  it('shows a refused resend (409) in the red banner and loads the order again', async () => {
    const user = await renderOrder();
    resend.mockRejectedValue(
      new CommerceError('refused', 409, "L'accesso a questo ordine è revocato."),
    );
    fetchOrder.mockResolvedValue(orderDetail({ access: 'revoked' }, [REVOKE_ENTRY]));
    await user.click(screen.getByRole('button', { name: 'Reinvia i link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "L'accesso a questo ordine è revocato.",
    );
    expect(
      await within(actions()).findByRole('button', { name: 'Ripristina accesso' }),
    ).toBeVisible();
    expect(fetchOrder).toHaveBeenCalledTimes(2);
  });

  it('Revoca accesso asks first, with the focus on Annulla, and Esc or Annulla changes nothing', async () => {
    const user = await renderOrder();
    const button = within(actions()).getByRole('button', { name: 'Revoca accesso' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Revoca accesso' });
    expect(dialog).toHaveTextContent(
      `Revocare l'accesso ai download dell'ordine ${ORDER.orderId} di ${ORDER.email}?`,
    );
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    await user.click(button);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(revoke).not.toHaveBeenCalled();
  });

  it('revokes after the confirmation: the status, the trail and the button change, and the focus stays on it', async () => {
    const user = await renderOrder();
    const revoking = deferred<AdminOrderDetail>();
    revoke.mockReturnValue(revoking.promise);
    await user.click(within(actions()).getByRole('button', { name: 'Revoca accesso' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoca accesso' }));
    expect(revoke).toHaveBeenCalledWith(ORDER.orderId);
    expect(within(dialog).getByRole('button', { name: 'Revocando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await act(async () =>
      revoking.resolve(orderDetail({ access: 'revoked' }, [REVOKE_ENTRY, RESEND_ENTRY])),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText(ACCESS_MESSAGES.revoke)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Dettagli' })).toHaveTextContent(
      'StatoPagatoAccesso revocato',
    );
    const [newest] = auditEntries();
    expect(newest).toHaveTextContent('AzioneAccesso revocato');
    expect(newest).toHaveTextContent('accesso: attivo → diventa accesso: revocato');
    expect(newest).toHaveTextContent('Amministratoreadmin@example.com');
    await waitFor(() =>
      expect(within(actions()).getByRole('button', { name: 'Ripristina accesso' })).toHaveFocus(),
    );
    // The view shows what the answer said: nothing was asked again.
    expect(fetchOrder).toHaveBeenCalledTimes(1);
  });

  it('keeps the confirmation open with the service’s refusal of a revoke', async () => {
    const user = await renderOrder();
    revoke.mockRejectedValue(new CommerceError('refused', 409, "L'accesso è già revocato."));
    await user.click(within(actions()).getByRole('button', { name: 'Revoca accesso' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoca accesso' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("L'accesso è già revocato.");
    expect(within(dialog).getByRole('button', { name: 'Revoca accesso' })).toBeEnabled();
  });

  it('Ripristina accesso restores at once and says so', async () => {
    const user = await renderOrder(orderDetail({ access: 'revoked' }, [REVOKE_ENTRY]));
    const restoring = deferred<AdminOrderDetail>();
    restore.mockReturnValue(restoring.promise);
    await user.click(within(actions()).getByRole('button', { name: 'Ripristina accesso' }));
    expect(restore).toHaveBeenCalledWith(ORDER.orderId);
    expect(
      within(actions()).getByRole('button', { name: 'Ripristino in corso...' }),
    ).toBeDisabled();
    expect(within(actions()).getByRole('button', { name: 'Reinvia i link' })).toBeDisabled();
    await act(async () =>
      restoring.resolve(
        orderDetail({}, [
          {
            ...REVOKE_ENTRY,
            id: 'aud_3',
            action: 'order.restore',
            before: REVOKE_ENTRY.after,
            after: REVOKE_ENTRY.before,
          },
          REVOKE_ENTRY,
        ]),
      ),
    );
    expect(screen.getByText(ACCESS_MESSAGES.restore)).toBeVisible();
    expect(within(actions()).getByRole('button', { name: 'Revoca accesso' })).toBeEnabled();
    expect(auditEntries()[0]).toHaveTextContent('AzioneAccesso ripristinato');
  });

  it('offers no restore for an order whose access a refund revoked', async () => {
    await renderOrder(orderDetail({ status: 'refunded', access: 'revoked' }));
    expect(within(actions()).queryByRole('button', { name: /accesso/ })).not.toBeInTheDocument();
    expect(actions()).toHaveTextContent(
      "L'accesso è stato revocato dal rimborso: non si ripristina da qui.",
    );
    expect(screen.getByRole('region', { name: 'Dettagli' })).toHaveTextContent('StatoRimborsato');
  });

  it('offers no file action for an order without files (a membership alone), only its refund', async () => {
    await renderOrder(orderDetail({ files: [] }));
    expect(
      within(actions())
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Rimborsa']);
    expect(actions()).toHaveTextContent('Questo ordine non ha file da scaricare');
  });

  it('shows the not-authorised view when an action is refused with 403', async () => {
    const user = await renderOrder();
    resend.mockRejectedValue(new CommerceError('refused', 403, 'Non sei un amministratore'));
    await user.click(screen.getByRole('button', { name: 'Reinvia i link' }));
    expect(await screen.findByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
  });
});

describe('Rimborsa', () => {
  const [PARENTS, CASE_STUDIES] = ORDER.lines as [
    AdminOrderDetail['lines'][number],
    AdminOrderDetail['lines'][number],
  ];
  const REFUNDED_AT = '2026-11-24T10:00:00.000Z';
  const lineRefunded = orderDetail({
    amountRefunded: 1799,
    lines: [PARENTS, { ...CASE_STUDIES, refundedAt: REFUNDED_AT }],
    refunds: [
      {
        refundId: 'rfd_1',
        reason: 'support',
        amount: 1799,
        tax: 0,
        lineIds: [CASE_STUDIES.lineId],
        status: 'refunded',
        actor: ADMIN.email,
        createdAt: REFUNDED_AT,
        refundedAt: REFUNDED_AT,
        error: null,
      },
    ],
  });

  it('opens on the whole order with its amount, and a line ticked shows that line’s share', async () => {
    const user = await renderOrder();
    await user.click(within(actions()).getByRole('button', { name: 'Rimborsa' }));
    const dialog = screen.getByRole('dialog', { name: 'Rimborsa' });
    expect(within(dialog).getByRole('radio', { name: 'Tutto l’ordine' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Importo del rimborso: $43.18');

    await user.click(within(dialog).getByRole('radio', { name: 'Solo le righe scelte' }));
    expect(dialog).toHaveTextContent('Scegli almeno una riga.');
    const confirm = within(dialog).getByRole('button', { name: 'Conferma il rimborso' });
    expect(confirm).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'eBook ABA Case Studies — addebitato $17.99' }),
    );
    expect(dialog).toHaveTextContent('Importo del rimborso: $17.99');
    // Both lines ticked are the whole order: its total, to the cent.
    await user.click(within(dialog).getByRole('checkbox', { name: /eBook ABA for Parents/ }));
    expect(dialog).toHaveTextContent('Importo del rimborso: $43.18');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(refund).not.toHaveBeenCalled();
  });

  it('refunds the lines ticked, then shows the line refunded, the refund and the message', async () => {
    const user = await renderOrder();
    const refunding = deferred<AdminOrderDetail>();
    refund.mockReturnValue(refunding.promise);
    await user.click(within(actions()).getByRole('button', { name: 'Rimborsa' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Solo le righe scelte' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Case Studies/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Conferma il rimborso' }));
    expect(refund).toHaveBeenCalledWith(ORDER.orderId, [CASE_STUDIES.lineId]);
    expect(within(dialog).getByRole('button', { name: 'Rimborso in corso...' })).toBeDisabled();

    await act(async () => refunding.resolve(lineRefunded));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        "Rimborso eseguito: $17.99 restituiti a buyer@example.com, che riceve un'e-mail di conferma.",
      ),
    ).toBeVisible();
    const details = screen.getByRole('region', { name: 'Dettagli' });
    expect(details).toHaveTextContent('StatoPagatoRimborso parziale');
    expect(details).toHaveTextContent('eBook ABA Case Studies (rimborsata)');
    expect(details).toHaveTextContent(/Rimborsi\$17\.99 · eseguito · .* · eBook ABA Case Studies/);
    expect(details).toHaveTextContent(/eBook ABA Case Studies · dall’assistenza/);
    // The other line is still refundable; the one refunded cannot be ticked again.
    await user.click(within(actions()).getByRole('button', { name: 'Rimborsa' }));
    const again = screen.getByRole('dialog');
    expect(again).toHaveTextContent('Importo del rimborso: $25.19');
    await user.click(within(again).getByRole('radio', { name: 'Solo le righe scelte' }));
    expect(
      within(again).getByRole('checkbox', { name: 'eBook ABA Case Studies — già rimborsata' }),
    ).toBeDisabled();
  });

  it('says when the refund waits for the payment provider', async () => {
    const user = await renderOrder();
    const [made] = lineRefunded.refunds as [AdminOrderDetail['refunds'][number]];
    refund.mockResolvedValue(
      orderDetail({
        refunds: [{ ...made, status: 'pending', refundedAt: null, error: 'provider unavailable' }],
      }),
    );
    await user.click(within(actions()).getByRole('button', { name: 'Rimborsa' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Conferma/ }));
    expect(refund).toHaveBeenCalledWith(ORDER.orderId, null);
    expect(await screen.findByText(/Rimborso di \$17\.99 in attesa/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Dettagli' })).toHaveTextContent(
      'in attesa del fornitore dei pagamenti',
    );
  });

  it('keeps the choice open with the service’s refusal', async () => {
    const user = await renderOrder();
    refund.mockRejectedValue(
      new CommerceError('refused', 409, 'La riga «eBook ABA Case Studies» è già stata rimborsata'),
    );
    await user.click(within(actions()).getByRole('button', { name: 'Rimborsa' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Conferma il rimborso' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('è già stata rimborsata');
    expect(within(dialog).getByRole('button', { name: 'Conferma il rimborso' })).toBeEnabled();
    // Refused because the order changed: it is loaded again.
    expect(fetchOrder).toHaveBeenCalledTimes(2);
  });

  it('offers no refund for an order refunded in full', async () => {
    await renderOrder(orderDetail({ status: 'refunded', access: 'revoked' }));
    expect(within(actions()).queryByRole('button', { name: 'Rimborsa' })).not.toBeInTheDocument();
  });
});

describe('the dispute panel', () => {
  const OPENED = '2026-11-25T09:00:00.000Z';
  const dispute: NonNullable<AdminOrderDetail['dispute']> = {
    disputeId: 'dp_1',
    reason: 'fraudulent',
    amount: 4318,
    currency: 'usd',
    status: 'needs_response',
    evidenceDueBy: '2026-12-02T09:00:00.000Z',
    evidenceSubmittedAt: null,
    evidenceSubmittedBy: null,
    outcome: null,
    createdAt: OPENED,
    evidence: {
      customerEmail: ORDER.email,
      orderReference: ORDER.orderNumber,
      productDescription: 'eBook ABA for Parents, eBook ABA Case Studies: digital eBooks.',
      serviceDate: '2026-11-21',
      consentText: 'I agree to the Terms and Conditions and the No Refund Policy.',
      consentAt: ORDER.termsAcceptedAt,
      receiptSentAt: '2026-11-21T14:05:10.000Z',
      stampedReference: `Licensed to ${ORDER.email} · Order ${ORDER.orderNumber}`,
      downloads: [
        {
          at: '2026-11-22T09:30:00.000Z',
          fileKey: 'aba-for-parents.pdf',
          clientIp: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (iPhone)',
        },
      ],
      libraryOpenings: [{ at: '2026-11-22T09:31:00.000Z' }],
      libraryProgress: [],
    },
  };

  it('flags the order and shows the evidence the shop would send', async () => {
    await renderOrder(orderDetail({ disputeStatus: 'needs_response', dispute }));
    const panel = screen.getByRole('region', { name: 'Contestazione' });
    expect(panel).toHaveTextContent('Statoda rispondere');
    expect(panel).toHaveTextContent('Motivofrode');
    expect(panel).toHaveTextContent('Importo$43.18');
    expect(panel).toHaveTextContent('Prove inviatenon ancora');
    expect(panel).toHaveTextContent(/Consensoaccettato il .*: «I agree to the Terms/);
    expect(panel).toHaveTextContent(`Timbro sui PDFLicensed to ${ORDER.email}`);
    expect(within(panel).getByRole('list', { name: 'Registro dei download' })).toHaveTextContent(
      'aba-for-parents.pdf · 203.0.113.7 · Mozilla/5.0 (iPhone)',
    );
    expect(screen.getByRole('region', { name: 'Dettagli' })).toHaveTextContent(
      'Contestato: da rispondere',
    );
  });

  it('Invia le prove sends them, says so, and the panel shows when and by whom', async () => {
    const user = await renderOrder(orderDetail({ disputeStatus: 'needs_response', dispute }));
    const sending = deferred<AdminOrderDetail>();
    sendEvidence.mockReturnValue(sending.promise);
    await user.click(screen.getByRole('button', { name: 'Invia le prove' }));
    expect(sendEvidence).toHaveBeenCalledWith(ORDER.orderId);
    expect(screen.getByRole('button', { name: 'Invio delle prove...' })).toBeDisabled();
    await act(async () =>
      sending.resolve(
        orderDetail({
          disputeStatus: 'under_review',
          dispute: {
            ...dispute,
            status: 'under_review',
            evidenceSubmittedAt: '2026-11-25T10:00:00.000Z',
            evidenceSubmittedBy: ADMIN.email,
          },
        }),
      ),
    );
    expect(
      screen.getByText(
        'Prove inviate a Stripe: la banca del cliente le esamina, e l’esito arriverà qui.',
      ),
    ).toBeVisible();
    const panel = screen.getByRole('region', { name: 'Contestazione' });
    expect(panel).toHaveTextContent('Statoin esame');
    expect(panel).toHaveTextContent(`da ${ADMIN.email}`);
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Contestazione' })).toHaveFocus(),
    );
  });

  it('shows a refusal in the red banner and the outcome once closed', async () => {
    const user = await renderOrder(orderDetail({ dispute }));
    sendEvidence.mockRejectedValue(
      new CommerceError('refused', 409, 'Le prove di questa contestazione sono già state inviate'),
    );
    await user.click(screen.getByRole('button', { name: 'Invia le prove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('già state inviate');

    await renderOrder(orderDetail({ dispute: { ...dispute, status: 'won', outcome: 'won' } }));
    expect(screen.getAllByRole('region', { name: 'Contestazione' }).at(-1)).toHaveTextContent(
      'Statovinta · esito: vinta',
    );
  });
});
