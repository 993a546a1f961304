import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderPage } from '@aba-shop/contract';
import { fetchAdminOrderPage } from '@/lib/commerce/api/admin-orders';
import { CommerceError } from '@/lib/commerce/client';
import { ORDER } from '@/test-support/admin-orders';
import { ADMIN, PARENT, deferred, renderAdminPage, signedInAs } from '@/test-support/admin-pages';
import { OrdersAdmin } from './orders-admin';

jest.mock('@/lib/commerce/api/admin-orders', () => ({
  ...jest.requireActual('@/lib/commerce/api/admin-orders'),
  fetchAdminOrderPage: jest.fn(),
}));
jest.mock('@/components/auth/use-session', () => ({ useSession: jest.fn() }));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

const fetchPage = jest.mocked(fetchAdminOrderPage);

const REFUNDED = {
  ...ORDER,
  orderId: 'ord_9z',
  email: 'refunded@example.com',
  status: 'refunded' as const,
  access: 'revoked' as const,
  amountDiscount: 0,
  amountTax: 120,
  amountTotal: 2919,
};

const lastPage = (items: AdminOrderPage['items']): AdminOrderPage => ({ items, nextCursor: null });

const renderOrders = () => renderAdminPage(<OrdersAdmin />);

async function renderWithOrders(page: AdminOrderPage = lastPage([ORDER, REFUNDED])) {
  signedInAs(ADMIN);
  fetchPage.mockResolvedValue(page);
  const user = renderOrders();
  await screen.findByRole('heading', { name: `Ordini (${page.items.length})` });
  return user;
}

const rowOf = (email: string) =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .find((row) => within(row).queryByText(email)) as HTMLElement;

beforeEach(() => {
  jest.clearAllMocks();
});

describe('access', () => {
  it('sends a visitor without a session to the login page, coming back to the orders', async () => {
    signedInAs(null);
    renderOrders();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login?redirect=/admin/orders'));
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('shows an account that is not an admin the not-authorised view, without asking for orders', () => {
    signedInAs(PARENT);
    renderOrders();
    expect(screen.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Amministrazione' })).not.toBeInTheDocument();
    expect(fetchPage).not.toHaveBeenCalled();
  });

  it('shows the not-authorised view when the API answers 403, whatever the session said', async () => {
    signedInAs(ADMIN);
    fetchPage.mockRejectedValue(new CommerceError('refused', 403, 'Non sei un amministratore'));
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to the login page when the API says the session has ended', async () => {
    signedInAs(ADMIN);
    fetchPage.mockRejectedValue(new CommerceError('refused', 401, 'Accedi'));
    renderOrders();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login?redirect=/admin/orders'));
  });
});

describe('the list', () => {
  it('says it is loading, then lists every order, newest first, and marks Ordini in the navigation', async () => {
    signedInAs(ADMIN);
    const page = deferred<AdminOrderPage>();
    fetchPage.mockReturnValue(page.promise);
    renderOrders();
    expect(await screen.findByText('Caricamento ordini...')).toBeVisible();
    expect(fetchPage).toHaveBeenCalledWith({ q: '', cursor: null });
    page.resolve(lastPage([ORDER]));
    expect(await screen.findByRole('heading', { name: 'Ordini (1)' })).toBeVisible();
    expect(screen.getByText('1 ordine mostrato')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Amministrazione' });
    expect(within(nav).getByRole('link', { name: 'Ordini' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows date, e-mail, products, total with discount, status and each file’s downloads in the table', async () => {
    await renderWithOrders();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Data', 'Email', 'Prodotti', 'Totale', 'Stato', 'Download', 'Ordine']);

    const row = rowOf(ORDER.email);
    expect(within(row).getByText('eBook ABA for Parents')).toBeInTheDocument();
    expect(within(row).getByText('eBook ABA Case Studies')).toBeInTheDocument();
    expect(within(row).getByText('$43.18')).toBeInTheDocument();
    expect(within(row).getByText('sconto −$4.80')).toBeInTheDocument();
    expect(within(row).queryByText(/^tasse/)).not.toBeInTheDocument();
    expect(within(row).getByText('Pagato')).toBeInTheDocument();
    expect(within(row).queryByText('Accesso revocato')).not.toBeInTheDocument();
    const pdf = within(row).getByText('ABA for Parents eBook (PDF)').closest('li') as HTMLElement;
    expect(pdf).toHaveTextContent(/2 download, ultimo \d{1,2} nov, \d{2}:\d{2}/);
    expect(within(pdf).getByRole('time')).toHaveAttribute('dateTime', '2026-11-22T09:30:00.000Z');
    expect(
      within(row).getByText('ABA Case Studies Audiobook (MP3)').closest('li'),
    ).toHaveTextContent('0 download, mai scaricato');
    expect(
      within(row).getByRole('link', { name: `Apri l'ordine ${ORDER.orderId} di ${ORDER.email}` }),
    ).toHaveAttribute('href', `/admin/orders/${ORDER.orderId}`);

    const refunded = rowOf(REFUNDED.email);
    expect(within(refunded).getByText('Rimborsato')).toBeInTheDocument();
    expect(within(refunded).getByText('Accesso revocato')).toBeInTheDocument();
    expect(within(refunded).getByText('tasse $1.20')).toBeInTheDocument();
    expect(within(refunded).queryByText(/^sconto/)).not.toBeInTheDocument();
  });

  it('shows the same facts on the phone cards', async () => {
    await renderWithOrders();
    const cards = screen.getByRole('list', { name: 'Ordini' });
    const card = within(cards).getByText(REFUNDED.email).closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Rimborsato');
    expect(card).toHaveTextContent('Accesso revocato');
    expect(card).toHaveTextContent('$29.19');
    expect(within(card).getByRole('link', { name: /^Apri l'ordine ord_9z/ })).toHaveAttribute(
      'href',
      '/admin/orders/ord_9z',
    );
  });

  it('searches by what was typed, says when nothing is found, and lists everything again', async () => {
    const user = await renderWithOrders();
    fetchPage.mockResolvedValue(lastPage([]));
    await user.type(
      screen.getByRole('searchbox', { name: 'Cerca per email, ID ordine o ID sessione' }),
      'cs_unknown',
    );
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    expect(await screen.findByText('Nessun ordine trovato')).toBeVisible();
    expect(screen.getByText('Nessun ordine corrisponde a "cs_unknown".')).toBeVisible();
    expect(screen.getByText('0 ordini trovati per "cs_unknown"')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ q: 'cs_unknown', cursor: null });

    fetchPage.mockResolvedValue(lastPage([ORDER]));
    await user.click(screen.getByRole('button', { name: 'Mostra tutti' }));
    expect(await screen.findByRole('heading', { name: 'Ordini (1)' })).toBeVisible();
    expect(fetchPage).toHaveBeenLastCalledWith({ q: '', cursor: null });
  });

  it('asks the server again when the same search is made again', async () => {
    const user = await renderWithOrders(lastPage([ORDER]));
    const search = screen.getByRole('searchbox', {
      name: 'Cerca per email, ID ordine o ID sessione',
    });
    await user.type(search, `${ORDER.email}{Enter}`);
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: 'Cerca' }));
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    expect(fetchPage).toHaveBeenLastCalledWith({ q: ORDER.email, cursor: null });
  });

  it('says there are no orders yet when the shop has none', async () => {
    await renderWithOrders(lastPage([]));
    expect(screen.getByText('Nessun ordine trovato')).toBeVisible();
    expect(screen.getByText('Non ci sono ancora ordini.')).toBeVisible();
  });

  it('loads the next page with Carica altri, keeping the search', async () => {
    signedInAs(ADMIN);
    fetchPage.mockResolvedValueOnce(lastPage([ORDER]));
    const user = renderOrders();
    await screen.findByRole('heading', { name: 'Ordini (1)' });
    fetchPage.mockResolvedValueOnce({ items: [ORDER], nextCursor: 'c2' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Cerca per email, ID ordine o ID sessione' }),
      `${ORDER.email}{Enter}`,
    );
    fetchPage.mockResolvedValueOnce(lastPage([REFUNDED]));
    await user.click(await screen.findByRole('button', { name: 'Carica altri' }));
    expect(await screen.findByRole('heading', { name: 'Ordini (2)' })).toBeVisible();
    expect(fetchPage).toHaveBeenLastCalledWith({ q: ORDER.email, cursor: 'c2' });
    expect(screen.queryByRole('button', { name: 'Carica altri' })).not.toBeInTheDocument();
  });

  it("shows a failed load in a red banner, with the service's words or the fallback", async () => {
    signedInAs(ADMIN);
    fetchPage.mockRejectedValueOnce(new CommerceError('failed', 500, null));
    const user = renderOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent('Errore nel recupero degli ordini');
    expect(
      screen.getByText('Non è stato possibile caricare gli ordini. Usa "Aggiorna" per riprovare.'),
    ).toBeVisible();

    fetchPage.mockRejectedValueOnce(new CommerceError('refused', 400, 'ricerca troppo lunga'));
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('ricerca troppo lunga'),
    );
    fetchPage.mockResolvedValueOnce(lastPage([ORDER]));
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    expect(await screen.findByRole('heading', { name: 'Ordini (1)' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
