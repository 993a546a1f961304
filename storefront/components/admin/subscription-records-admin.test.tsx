import { act, screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionRecord, SubscriptionRecordPage } from '@aba-shop/contract';
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  fetchSubscriptionRecordPage,
  updateSubscriptionRecord,
} from '@/lib/commerce/api/subscription-records';
import { CommerceError } from '@/lib/commerce/client';
import { ADMIN, PARENT, deferred, renderAdminPage, signedInAs } from '@/test-support/admin-pages';
import { SubscriptionRecordsAdmin } from './subscription-records-admin';

jest.mock('@/lib/commerce/api/subscription-records', () => ({
  ...jest.requireActual('@/lib/commerce/api/subscription-records'),
  fetchSubscriptionRecordPage: jest.fn(),
  createSubscriptionRecord: jest.fn(),
  updateSubscriptionRecord: jest.fn(),
  deleteSubscriptionRecord: jest.fn(),
}));
jest.mock('@/components/auth/use-session', () => ({ useSession: jest.fn() }));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

const fetchList = jest.mocked(fetchSubscriptionRecordPage);
const create = jest.mocked(createSubscriptionRecord);
const update = jest.mocked(updateSubscriptionRecord);
const remove = jest.mocked(deleteSubscriptionRecord);

const RECORD: SubscriptionRecord = {
  id: 7,
  user_id: 'user_abcdefghijklmnopqrstuvwxyz',
  email: 'member@example.com',
  session_id: 'cs_test_1234567890abcdefghij',
  created_at: '2026-11-21T14:05:00.000Z',
  status: 'active',
  currentPeriodEnd: '2026-12-21T14:05:00.000Z',
  cancelAtPeriodEnd: true,
};

/** The last page of a list: the server has no more. */
const lastPage = (items: SubscriptionRecord[]): SubscriptionRecordPage => ({
  items,
  nextCursor: null,
});

const renderAdmin = () => renderAdminPage(<SubscriptionRecordsAdmin />);

async function renderWithList(records: SubscriptionRecord[] = [RECORD]) {
  signedInAs(ADMIN);
  fetchList.mockResolvedValue(lastPage(records));
  const user = renderAdmin();
  await screen.findByRole('heading', { name: `Subscription Records (${records.length})` });
  return user;
}

/** The table is the desktop layout; both layouts are in the DOM, CSS picks one. */
const table = () => screen.getByRole('table');

beforeEach(() => {
  jest.clearAllMocks();
});

describe('the admin gate', () => {
  it('shows a spinner while the session check is pending and asks for nothing', () => {
    signedInAs(null, true);
    renderAdmin();
    expect(screen.getByRole('status')).toHaveTextContent("Verifica dell'accesso...");
    expect(fetchList).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session to the login page, replacing the history entry', async () => {
    signedInAs(null);
    renderAdmin();
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('/login?redirect=/admin/subscriptions'),
    );
    expect(fetchList).not.toHaveBeenCalled();
  });

  it('shows a signed-in account that is not an admin the not-authorised view, without asking for the list', () => {
    signedInAs(PARENT);
    renderAdmin();
    expect(screen.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    expect(screen.getByText('parent@example.com')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
    expect(fetchList).not.toHaveBeenCalled();
  });

  it('shows the not-authorised view when the API answers 403, whatever the session said', async () => {
    signedInAs(ADMIN);
    fetchList.mockRejectedValue(
      new CommerceError('refused', 403, 'Your account is not an administrator'),
    );
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the list', () => {
  it('says it is loading, then shows the records with long ids cut and the full value in title', async () => {
    signedInAs(ADMIN);
    const list = deferred<SubscriptionRecordPage>();
    fetchList.mockReturnValue(list.promise);
    renderAdmin();
    expect(await screen.findByText('Caricamento subscription records...')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aggiornamento...' })).toBeDisabled();
    await act(async () => list.resolve(lastPage([RECORD])));

    const [, row] = within(table()).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(within(row).getByText('user_abcdefghijklmno...')).toHaveAttribute(
      'title',
      RECORD.user_id,
    );
    expect(within(row).getByText('cs_test_1234567890ab...')).toHaveAttribute(
      'title',
      RECORD.session_id,
    );
    const card = within(screen.getByRole('list', { name: 'Subscription records' })).getByRole(
      'listitem',
    );
    expect(within(card).getByText('user_abcdefghij...')).toHaveAttribute('title', RECORD.user_id);
    expect(within(card).getByText('cs_test_1234567...')).toHaveAttribute(
      'title',
      RECORD.session_id,
    );
    expect(screen.getByRole('button', { name: 'Aggiorna' })).toBeEnabled();
  });

  it("shows each record's membership status in the table and on the cards", async () => {
    await renderWithList([RECORD]);
    const [, row] = within(table()).getAllByRole('row') as [HTMLElement, HTMLElement];
    expect(within(row).getByText('Attivo fino al 21 dic 2026, poi annullato')).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Subscription records' })).getByRole(
      'listitem',
    );
    expect(within(card).getByText('Attivo fino al 21 dic 2026, poi annullato')).toBeInTheDocument();
  });

  it('shows the empty texts when there is no record', async () => {
    await renderWithList([]);
    expect(screen.getByText('Nessun subscription record')).toBeVisible();
    expect(screen.getByText('Non ci sono subscription records nel database.')).toBeVisible();
  });

  it('shows a failed load in a red banner that can be dismissed', async () => {
    signedInAs(ADMIN);
    fetchList.mockRejectedValue(
      new CommerceError('failed', 500, 'Errore nel recupero dei subscription records'),
    );
    const user = renderAdmin();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Errore nel recupero dei subscription records');
    await user.click(within(alert).getByRole('button', { name: 'Chiudi il messaggio di errore' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('search, pages and export', () => {
  const OTHER: SubscriptionRecord = { ...RECORD, id: 6, email: 'other@example.com' };

  it('searches on the server, says when nothing matches, and Mostra tutti lists everything again', async () => {
    const user = await renderWithList([RECORD, OTHER]);
    expect(fetchList).toHaveBeenLastCalledWith({ q: '', cursor: null });

    fetchList.mockResolvedValue(lastPage([]));
    const search = screen.getByRole('searchbox', { name: 'Cerca per email, User ID o Session ID' });
    await user.type(search, '  nobody@example.com {Enter}');
    expect(await screen.findByText('Nessun subscription record')).toBeVisible();
    expect(
      screen.getByText('Nessun subscription record corrisponde a "nobody@example.com".'),
    ).toBeVisible();
    expect(fetchList).toHaveBeenLastCalledWith({ q: 'nobody@example.com', cursor: null });
    expect(screen.getByRole('heading', { name: 'Subscription Records (0)' })).toBeVisible();

    fetchList.mockResolvedValue(lastPage([RECORD, OTHER]));
    await user.click(screen.getByRole('button', { name: 'Mostra tutti' }));
    expect(await screen.findByRole('heading', { name: 'Subscription Records (2)' })).toBeVisible();
    expect(search).toHaveValue('');
    expect(fetchList).toHaveBeenLastCalledWith({ q: '', cursor: null });
    expect(screen.queryByRole('button', { name: 'Mostra tutti' })).not.toBeInTheDocument();
  });

  it('loads the next page with Carica altri, counts what is shown, and gives the focus to the heading after the last', async () => {
    signedInAs(ADMIN);
    fetchList.mockResolvedValueOnce({ items: [RECORD], nextCursor: 'cursor-2' });
    const user = renderAdmin();
    const more = await screen.findByRole('button', { name: 'Carica altri' });
    expect(screen.getByRole('heading', { name: 'Subscription Records (1)' })).toBeVisible();

    const next = deferred<SubscriptionRecordPage>();
    fetchList.mockReturnValueOnce(next.promise);
    await user.click(more);
    expect(fetchList).toHaveBeenLastCalledWith({ q: '', cursor: 'cursor-2' });
    expect(screen.getByRole('button', { name: 'Caricamento...' })).toBeDisabled();
    await act(async () => next.resolve(lastPage([OTHER])));

    const heading = screen.getByRole('heading', { name: 'Subscription Records (2)' });
    expect(within(table()).getByText('other@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carica altri' })).not.toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('2 subscription records mostrati')).toBeInTheDocument();
  });

  it('Aggiorna reloads every page shown, not only the first', async () => {
    signedInAs(ADMIN);
    fetchList.mockImplementation(async ({ cursor }) =>
      cursor ? lastPage([OTHER]) : { items: [RECORD], nextCursor: 'cursor-2' },
    );
    const user = renderAdmin();
    await user.click(await screen.findByRole('button', { name: 'Carica altri' }));
    await screen.findByRole('heading', { name: 'Subscription Records (2)' });
    fetchList.mockClear();
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
    expect(fetchList.mock.calls.map(([request]) => request.cursor)).toEqual([null, 'cursor-2']);
  });

  it('shows a failed Carica altri in the banner and keeps the button to try again', async () => {
    signedInAs(ADMIN);
    fetchList.mockResolvedValueOnce({ items: [RECORD], nextCursor: 'cursor-2' });
    const user = renderAdmin();
    fetchList.mockRejectedValueOnce(new CommerceError('failed', 500, null));
    await user.click(await screen.findByRole('button', { name: 'Carica altri' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Errore nel recupero dei subscription records',
    );
    expect(screen.getByRole('heading', { name: 'Subscription Records (1)' })).toBeVisible();
    fetchList.mockResolvedValueOnce(lastPage([OTHER]));
    await user.click(screen.getByRole('button', { name: 'Carica altri' }));
    expect(await screen.findByRole('heading', { name: 'Subscription Records (2)' })).toBeVisible();
    // Only the missing page was asked for again.
    expect(fetchList.mock.calls.map(([request]) => request.cursor)).toEqual([
      null,
      'cursor-2',
      'cursor-2',
    ]);
  });

  it('links the CSV export and marks its own section in the admin navigation', async () => {
    await renderWithList();
    expect(screen.getByRole('link', { name: 'Esporta CSV' })).toHaveAttribute(
      'href',
      '/api/subscription-records/export.csv',
    );
    const nav = screen.getByRole('navigation', { name: 'Amministrazione' });
    expect(within(nav).getByRole('link', { name: 'Subscription Records' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const orders = within(nav).getByRole('link', { name: 'Ordini' });
    expect(orders).toHaveAttribute('href', '/admin/orders');
    expect(orders).not.toHaveAttribute('aria-current');
  });

  it('goes to the login page when the API says the session has ended', async () => {
    signedInAs(ADMIN);
    fetchList.mockRejectedValue(new CommerceError('refused', 401, 'Accedi'));
    renderAdmin();
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith('/login?redirect=/admin/subscriptions'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the modals', () => {
  it('opens an empty create form with the focus inside, and Annulla gives the focus back', async () => {
    const user = await renderWithList();
    const opener = screen.getByRole('button', { name: 'Nuovo Subscription Record' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Nuovo Subscription Record' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'User ID' })).toHaveFocus();
    for (const label of ['User ID', 'Email', 'Session ID'])
      expect(within(dialog).getByRole('textbox', { name: label })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opens the edit form prefilled, closes it with Esc, and only one modal is ever open', async () => {
    const user = await renderWithList();
    const edit = within(table()).getByRole('button', { name: /^Modifica/ });
    await user.click(edit);
    const dialog = screen.getByRole('dialog', { name: 'Modifica Subscription Record' });
    expect(within(dialog).getByRole('textbox', { name: 'User ID' })).toHaveValue(RECORD.user_id);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue(RECORD.email);
    expect(within(dialog).getByRole('textbox', { name: 'Session ID' })).toHaveValue(
      RECORD.session_id,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(edit).toHaveFocus());

    await user.click(within(table()).getByRole('button', { name: /^Elimina/ }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Elimina Subscription Record' })).toHaveTextContent(
      'Sei sicuro di voler eliminare il subscription record per member@example.com? Questa azione non può essere annullata.',
    );
  });

  it('keeps Tab inside the open modal', async () => {
    const user = await renderWithList();
    await user.click(within(table()).getByRole('button', { name: /^Elimina/ }));
    const dialog = screen.getByRole('dialog');
    const cancel = within(dialog).getByRole('button', { name: 'Annulla' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Elimina' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Elimina' })).toHaveFocus();
  });

  it('shows the Italian messages for a bad form and sends nothing', async () => {
    const user = await renderWithList();
    await user.click(screen.getByRole('button', { name: 'Nuovo Subscription Record' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Crea' }));
    expect(within(dialog).getByText('Lo User ID è obbligatorio')).toBeVisible();
    expect(within(dialog).getByText('Inserisci un indirizzo email valido')).toBeVisible();
    expect(within(dialog).getByText('Il Session ID è obbligatorio')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'User ID' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByRole('textbox', { name: 'User ID' })).toHaveFocus();
    await user.type(within(dialog).getByRole('textbox', { name: 'User ID' }), 'u1');
    expect(within(dialog).queryByText('Lo User ID è obbligatorio')).not.toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('while saving disables both buttons and says Salvando..., then closes, reloads and says so for 3 seconds', async () => {
    const user = await renderWithList();
    const saving = deferred<SubscriptionRecord>();
    create.mockReturnValue(saving.promise);
    await user.click(screen.getByRole('button', { name: 'Nuovo Subscription Record' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'User ID' }), 'user_2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' new@example.com ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Session ID' }), 'cs_2');
    await user.click(within(dialog).getByRole('button', { name: 'Crea' }));

    expect(create).toHaveBeenCalledWith({
      user_id: 'user_2',
      email: 'new@example.com',
      session_id: 'cs_2',
    });
    expect(within(dialog).getByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    jest.useFakeTimers();
    try {
      await act(async () => saving.resolve({ ...RECORD, id: 8 }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('Subscription record creato con successo!')).toBeVisible();
      expect(fetchList).toHaveBeenCalledTimes(2);
      act(() => jest.advanceTimersByTime(2900));
      expect(screen.getByText('Subscription record creato con successo!')).toBeVisible();
      act(() => jest.advanceTimersByTime(100));
      expect(
        screen.queryByText('Subscription record creato con successo!'),
      ).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the edit modal open with the server error, and Annulla clears it for the next modal', async () => {
    const user = await renderWithList();
    update.mockRejectedValue(
      new CommerceError('refused', 409, 'A record for this session_id already exists'),
    );
    await user.click(within(table()).getByRole('button', { name: /^Modifica/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Salva modifiche' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A record for this session_id already exists',
    );
    expect(update).toHaveBeenCalledWith(RECORD.id, {
      user_id: RECORD.user_id,
      email: RECORD.email,
      session_id: RECORD.session_id,
    });
    expect(within(dialog).getByRole('button', { name: 'Salva modifiche' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuovo Subscription Record' }));
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('updates a record and says aggiornato', async () => {
    const user = await renderWithList();
    update.mockResolvedValue({ ...RECORD, email: 'changed@example.com' });
    await user.click(within(table()).getByRole('button', { name: /^Modifica/ }));
    const email = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'changed@example.com');
    await user.click(screen.getByRole('button', { name: 'Salva modifiche' }));
    expect(await screen.findByText('Subscription record aggiornato con successo!')).toBeVisible();
    expect(update).toHaveBeenCalledWith(
      RECORD.id,
      expect.objectContaining({ email: 'changed@example.com' }),
    );
  });

  it('while deleting disables both buttons and says Eliminando..., then closes and says eliminato', async () => {
    const user = await renderWithList();
    const deleting = deferred<SubscriptionRecord>();
    remove.mockReturnValue(deleting.promise);
    await user.click(within(table()).getByRole('button', { name: /^Elimina/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(remove).toHaveBeenCalledWith(RECORD.id);
    expect(within(dialog).getByRole('button', { name: 'Eliminando...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeDisabled();
    fetchList.mockResolvedValue(lastPage([]));
    await act(async () => deleting.resolve(RECORD));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Subscription record eliminato con successo!')).toBeVisible();
    expect(await screen.findByText('Nessun subscription record')).toBeVisible();
    // The deleted row's button is gone: the focus lands on the page heading, not on <body>.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Gestione Subscription Records' })).toHaveFocus(),
    );
  });
});
