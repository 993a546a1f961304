import { screen, waitFor, within } from '@testing-library/react';
import type { SalesFigures, SalesSummary } from '@aba-shop/contract';
import { fetchSalesSummary } from '@/lib/commerce/api/sales';
import { CommerceError } from '@/lib/commerce/client';
import { periodOf } from '@/lib/admin/sales-period';
import { ADMIN, PARENT, renderAdminPage, signedInAs } from '@/test-support/admin-pages';
import { SalesAdmin } from './sales-admin';

jest.mock('@/lib/commerce/api/sales', () => ({
  ...jest.requireActual('@/lib/commerce/api/sales'),
  fetchSalesSummary: jest.fn(),
}));
// The health panel under the figures has tests of its own: here it answers nothing.
jest.mock('./health-panel', () => ({ HealthPanel: () => null }));
jest.mock('@/components/auth/use-session', () => ({ useSession: jest.fn() }));
// The head start has tests of its own: here the overview asks for everything itself.
jest.mock('./overview-head-start', () => ({
  startOverviewAhead: jest.fn(),
  takeFiguresAhead: () => null,
}));
// A canvas cannot be drawn in jsdom: the chart stands in as the image it is to a screen reader.
jest.mock('./sales-chart', () => ({
  __esModule: true,
  default: ({ description }: { description: string }) => (
    <div role="img" aria-label={description} />
  ),
}));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

const fetchSummary = jest.mocked(fetchSalesSummary);

const figures = (overrides: Partial<SalesFigures> = {}): SalesFigures => ({
  orders: 12,
  revenue: 33_588,
  averageOrder: 3054,
  tax: 1200,
  refunds: 1,
  refunded: 2799,
  newBuyers: 9,
  returningBuyers: 3,
  disputes: 1,
  disputed: 2799,
  disputesLost: 0,
  members: { active: 40, activeAtStart: 36, started: 6, cancelled: 2, churn: 0.0556, mrr: 39_600 },
  funnel: { shopViews: 400, checkoutsStarted: 50, paid: 12 },
  ...overrides,
});

const SUMMARY: SalesSummary = {
  currency: 'usd',
  period: { from: '2026-11-01', to: '2026-11-03' },
  previousPeriod: { from: '2026-10-29', to: '2026-10-31' },
  current: figures(),
  previous: figures({ revenue: 27_990, orders: 10 }),
  byDay: [
    { day: '2026-11-01', orders: 5, revenue: 13_995 },
    { day: '2026-11-02', orders: 0, revenue: 0 },
    { day: '2026-11-03', orders: 7, revenue: 19_593 },
  ],
  byProduct: [
    { productId: 'ebook-aba-for-parents', name: 'eBook ABA for Parents', units: 8, sales: 22_392 },
    {
      productId: 'ebook-aba-case-studies',
      name: 'eBook ABA Case Studies',
      units: 4,
      sales: 11_196,
    },
  ],
};

beforeEach(() => {
  jest.clearAllMocks();
});

async function renderLoaded(summary = SUMMARY) {
  signedInAs(ADMIN);
  fetchSummary.mockResolvedValue(summary);
  const user = renderAdminPage(<SalesAdmin />);
  await screen.findByText(/^Dati del periodo/);
  return user;
}

const figureCard = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).closest('div') as HTMLElement;

describe('the sales overview', () => {
  it('asks for the last 30 days first and shows them beside the period before', async () => {
    await renderLoaded();
    expect(fetchSummary).toHaveBeenCalledWith(periodOf('last30'));
    expect(screen.getByRole('button', { name: 'Ultimi 30 giorni' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Dati del periodo 1 nov 2026 – 3 nov 2026, confrontati con 29 ott 2026 – 31 ott 2026.',
    );
    const revenue = figureCard('Ricavi (al netto di imposte e rimborsi)');
    expect(revenue).toHaveTextContent('$335.88');
    expect(revenue).toHaveTextContent('+20% rispetto al periodo precedente ($279.90)');
    expect(figureCard('Ordini')).toHaveTextContent('12');
    expect(figureCard('Tasso di abbandono')).toHaveTextContent('5,6%');
    expect(figureCard('Ricavo mensile ricorrente')).toHaveTextContent('$396.00');
    expect(figureCard('Contestazioni aperte')).toHaveTextContent('1');
    expect(figureCard('Importo contestato')).toHaveTextContent('$27.99');
  });

  it('shows the way to payment with each step’s share of the one before', async () => {
    await renderLoaded();
    const steps = within(
      screen
        .getByRole('heading', { name: 'Dal negozio al pagamento' })
        .closest('section') as HTMLElement,
    ).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Visite al negozio400',
      'Checkout avviati5012,5% del passo precedente',
      'Ordini pagati1224% del passo precedente',
    ]);
  });

  it('describes each chart and has its numbers in a table', async () => {
    await renderLoaded();
    expect(
      screen.getByRole('img', { name: /^Ricavi per giorno dal 1 nov 2026 al 3 nov 2026/ }),
    ).toBeInTheDocument();
    const byDay = screen.getByRole('table', { name: 'Ordini e ricavi per giorno' });
    expect(
      within(byDay)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1 nov 20265$139.95', '2 nov 20260$0.00', '3 nov 20267$195.93']);
    const byProduct = screen.getByRole('table', { name: /Unità e vendite per prodotto/ });
    expect(within(byProduct).getAllByRole('row')).toHaveLength(3);
  });

  it('asks again for another period and points the CSV at it', async () => {
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Ultimi 7 giorni' }));
    await waitFor(() => expect(fetchSummary).toHaveBeenLastCalledWith(periodOf('last7')));
    const { from, to } = periodOf('last7');
    expect(
      screen.getByRole('link', { name: 'Esporta gli ordini del periodo (CSV)' }),
    ).toHaveAttribute('href', `/api/admin/sales/orders.csv?from=${from}&to=${to}`);
  });

  it('refuses a period that ends before it begins, without asking', async () => {
    const user = await renderLoaded();
    const calls = fetchSummary.mock.calls.length;
    const from = screen.getByLabelText('Dal');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    const to = screen.getByLabelText('Al');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Mostra il periodo' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La data di fine è prima di quella di inizio.',
    );
    expect(fetchSummary).toHaveBeenCalledTimes(calls);
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    signedInAs(ADMIN);
    fetchSummary.mockRejectedValueOnce(new CommerceError('failed', 503, null));
    fetchSummary.mockResolvedValueOnce(SUMMARY);
    const user = renderAdminPage(<SalesAdmin />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Non è stato possibile caricare i dati. Riprova tra poco.',
    );
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText(/^Dati del periodo/)).toBeInTheDocument();
  });

  it('shows an account that is not an administrator the not-authorised view, asking nothing', () => {
    signedInAs(PARENT);
    renderAdminPage(<SalesAdmin />);
    expect(screen.getByRole('heading', { name: /Accesso non autorizzato/ })).toBeInTheDocument();
    expect(fetchSummary).not.toHaveBeenCalled();
  });

  it('signs in again when the service says the session ended', async () => {
    signedInAs(ADMIN);
    fetchSummary.mockRejectedValue(new CommerceError('refused', 401, 'Non autenticato'));
    renderAdminPage(<SalesAdmin />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login?redirect=/admin'));
  });
});
