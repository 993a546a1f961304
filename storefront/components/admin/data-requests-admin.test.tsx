import { screen, waitFor, within } from '@testing-library/react';
import type { AdminDataRequest, AdminDataRequestPage } from '@aba-shop/contract';
import { fetchAdminDataRequestPage, processDataRequest } from '@/lib/commerce/api/data-requests';
import { CommerceError } from '@/lib/commerce/client';
import { ADMIN, PARENT, deferred, renderAdminPage, signedInAs } from '@/test-support/admin-pages';
import { DataRequestsAdmin } from './data-requests-admin';

jest.mock('@/lib/commerce/api/data-requests', () => ({
  ...jest.requireActual('@/lib/commerce/api/data-requests'),
  fetchAdminDataRequestPage: jest.fn(),
  processDataRequest: jest.fn(),
}));
jest.mock('@/components/auth/use-session', () => ({ useSession: jest.fn() }));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

const fetchPage = jest.mocked(fetchAdminDataRequestPage);
const processRequest = jest.mocked(processDataRequest);

const PENDING: AdminDataRequest = {
  id: 'dr_pending1',
  kind: 'erasure',
  status: 'pending',
  requestedAt: '2026-11-27T10:00:00.000Z',
  processedAt: null,
  email: 'leaving@example.com',
  processedBy: null,
  outcome: null,
};
const DONE: AdminDataRequest = {
  ...PENDING,
  id: 'dr_done1',
  status: 'completed',
  email: 'erased-done1@erased.invalid',
  processedAt: '2026-11-27T11:00:00.000Z',
  processedBy: 'admin@example.com',
  outcome: {
    ordersAnonymised: 2,
    filesRevoked: 3,
    contactMessagesDeleted: 1,
    sessionsEnded: 1,
    accountDeleted: true,
  },
};

const page = (items: AdminDataRequest[]): AdminDataRequestPage => ({ items, nextCursor: null });

async function renderWithRequests(items = [PENDING, DONE]) {
  signedInAs(ADMIN);
  fetchPage.mockResolvedValue(page(items));
  const user = renderAdminPage(<DataRequestsAdmin />);
  await screen.findByRole('heading', { name: `Richieste (${items.length})` });
  return user;
}

const table = () => screen.getByRole('table');
const rowOf = (email: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryByText(email)) as HTMLElement;

beforeEach(() => jest.clearAllMocks());

describe('the console’s data requests', () => {
  it('shows an account that is not an admin the not-authorised view, without asking', () => {
    signedInAs(PARENT);
    renderAdminPage(<DataRequestsAdmin />);
    expect(screen.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('is a section of the admin navigation, marked as the current page', async () => {
    await renderWithRequests();
    const nav = screen.getByRole('navigation', { name: 'Amministrazione' });
    expect(within(nav).getByRole('link', { name: 'Richieste dati' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('lists pending and processed requests, with a process action only for the pending', async () => {
    await renderWithRequests();
    expect(within(rowOf(PENDING.email)).getByText('In attesa')).toBeVisible();
    expect(
      within(rowOf(PENDING.email)).getByRole('button', {
        name: `Elabora la richiesta di ${PENDING.email}`,
      }),
    ).toBeEnabled();
    const done = rowOf(DONE.email);
    expect(done).toHaveTextContent('Completata');
    expect(done).toHaveTextContent('da admin@example.com');
    expect(done).toHaveTextContent('2 ordini anonimizzati, 3 file revocati, 1 messaggi eliminati');
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when nobody has asked', async () => {
    await renderWithRequests([]);
    expect(screen.getByText('Nessuna richiesta')).toBeVisible();
  });

  it('asks first, with the focus on Annulla, and Annulla processes nothing', async () => {
    const user = await renderWithRequests();
    await user.click(
      within(rowOf(PENDING.email)).getByRole('button', { name: /Elabora la richiesta/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancella i dati del cliente' });
    expect(dialog).toHaveTextContent(`Cancellare l'account e i dati personali di ${PENDING.email}`);
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(processRequest).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('processes after the confirmation, says what was removed and reloads the list', async () => {
    const user = await renderWithRequests();
    const processing = deferred<AdminDataRequest>();
    processRequest.mockReturnValue(processing.promise);
    await user.click(
      within(rowOf(PENDING.email)).getByRole('button', { name: /Elabora la richiesta/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancella i dati del cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancella i dati' }));
    expect(processRequest).toHaveBeenCalledWith(PENDING.id);
    expect(
      within(dialog).getByRole('button', { name: 'Cancellazione in corso...' }),
    ).toBeDisabled();
    fetchPage.mockResolvedValue(page([{ ...DONE, id: PENDING.id }]));
    processing.resolve({ ...DONE, id: PENDING.id });
    expect(
      await screen.findByText(
        `Dati cancellati per la richiesta ${PENDING.id}: 2 ordini anonimizzati, 3 file revocati, 1 messaggi eliminati, 1 sessioni chiuse, account eliminato.`,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
  });

  it('keeps the confirmation open with the service’s refusal', async () => {
    const user = await renderWithRequests();
    processRequest.mockRejectedValue(
      new CommerceError('refused', 409, 'Il cliente ha un abbonamento che si rinnova'),
    );
    await user.click(
      within(rowOf(PENDING.email)).getByRole('button', { name: /Elabora la richiesta/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancella i dati del cliente' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancella i dati' }));
    expect(
      await within(dialog).findByText('Il cliente ha un abbonamento che si rinnova'),
    ).toBeVisible();
  });
});
