/**
 * The overview as the browser gets it: the document the route writes, parsed into this page, read
 * as a screen reader and a test read it (the figures, the charts' descriptions and tables, the
 * period forms, the health table, the not-authorised view).
 */
import { screen, within } from '@testing-library/react';
import type { JobHealth, SalesFigures, SalesSummary, ShopHealth } from '@aba-shop/contract';
import type { ChosenPeriod, Overview, Part } from '@/lib/admin/overview';
import { overviewDocument } from './overview-document';

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
      name: 'eBook <ABA> Case Studies',
      units: 4,
      sales: 11_196,
    },
  ],
};

/** The retention sweep's health, ran at 03:00 and due at 03:00 the next day, or as changed. */
const sweep = (changes: Partial<JobHealth> = {}): JobHealth => ({
  name: 'retention-sweep',
  label: 'Cancellazione dei dati scaduti',
  everySeconds: 86_400,
  lastRunAt: '2026-11-28T03:00:00.000Z',
  lastOutcome: 'ok',
  lastDone: 4,
  nextRunAt: '2026-11-29T03:00:00.000Z',
  lastFailureAt: null,
  lastError: null,
  ...changes,
});

const HEALTHY: ShopHealth = {
  checkedAt: '2026-11-28T07:00:00.000Z',
  mailOutbox: { pending: 0, oldestAgeSeconds: null, failed: 0 },
  webhooks: { newestEventAgeSeconds: 300, failuresSinceStart: 0 },
  lastPublishAt: '2026-11-20T08:00:00.000Z',
  redis: 'up',
  cms: 'up',
  stampedPdfCache: { usedBytes: 2 * 1024 ** 2, freeBytes: 20 * 1024 ** 3 },
  jobs: [sweep()],
};

const TROUBLED: ShopHealth = {
  ...HEALTHY,
  mailOutbox: { pending: 3, oldestAgeSeconds: 1_200, failed: 1 },
  webhooks: { newestEventAgeSeconds: null, failuresSinceStart: 2 },
  lastPublishAt: null,
  redis: 'unconfigured',
  cms: 'down',
  stampedPdfCache: { usedBytes: 0, freeBytes: 500 * 1024 ** 2 },
  jobs: [
    sweep({
      lastOutcome: 'failed',
      lastDone: 0,
      lastFailureAt: '2026-11-28T03:00:01.000Z',
      lastError: 'database is locked',
    }),
    sweep({
      name: 'refund-retry',
      label: 'Rimborsi da ritentare (assistenza e recessi)',
      everySeconds: 300,
      lastRunAt: '2026-11-28T06:00:00.000Z',
      lastDone: 0,
      nextRunAt: '2026-11-28T06:05:00.000Z',
    }),
    sweep({
      name: 'review-delivery',
      label: 'Recensioni da consegnare al CMS',
      everySeconds: 300,
      lastRunAt: null,
      lastOutcome: null,
      lastDone: null,
      nextRunAt: null,
    }),
  ],
};

const PERIOD: ChosenPeriod = {
  preset: 'last30',
  period: SUMMARY.period,
  problem: null,
  asked: SUMMARY.period,
};

// The server has no canvas: ECharts measures its lettering by its own table there, and so here.
beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

const ok = <T>(value: T): Part<T> => ({ ok: true, value });

/** The document, parsed into the test's page as the browser would parse it. */
function show(overview: Exclude<Overview, { kind: 'sign-in' }>, here = '/admin') {
  const parsed = new DOMParser().parseFromString(overviewDocument(overview, here), 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.title = parsed.title;
  document.body.replaceChildren(
    ...Array.from(parsed.body.childNodes, (node) => document.adoptNode(node)),
  );
}

const showOverview = (changes: Partial<Extract<Overview, { kind: 'overview' }>> = {}) =>
  show({ kind: 'overview', chosen: PERIOD, sales: ok(SUMMARY), health: ok(HEALTHY), ...changes });

const figureCard = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).closest('div') as HTMLElement;

/** The row of one part of the health table: its state word and its details. */
function rowOf(part: string) {
  const row = screen.getByRole('rowheader', { name: part }).closest('tr') as HTMLElement;
  const [state, details] = within(row).getAllByRole('cell');
  return { state: state?.textContent, details: details?.textContent };
}

describe('the sales overview', () => {
  it('shows the period beside the one before, its preset pressed, in Italian', () => {
    showOverview();
    expect(document.documentElement.lang).toBe('it');
    expect(document.title).toBe('Panoramica vendite | ABA Parent Guides');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Panoramica vendite');
    expect(screen.getByRole('button', { name: 'Ultimi 30 giorni' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Ultimi 7 giorni' })).toHaveAttribute(
      'aria-pressed',
      'false',
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
    expect(screen.getByRole('link', { name: 'Panoramica' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Nothing runs in the browser: the page is usable as soon as it is shown.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('shows the way to payment with each step’s share of the one before', () => {
    showOverview();
    const steps = within(screen.getByRole('region', { name: 'Dal negozio al pagamento' }))
      .getAllByRole('listitem')
      .map((step) => step.textContent);
    expect(steps).toEqual([
      'Visite al negozio400',
      'Checkout avviati5012,5% del passo precedente',
      'Ordini pagati1224% del passo precedente',
    ]);
  });

  it('draws each chart as a described picture, its numbers in a table, names escaped', () => {
    showOverview();
    const byDayChart = screen.getByRole('img', {
      name: /^Ricavi per giorno dal 1 nov 2026 al 3 nov 2026: in tutto \$335\.88/,
    });
    // A drawing for a phone and one for a wide screen, each with a bar a day.
    const drawings = byDayChart.querySelectorAll('svg');
    expect(drawings).toHaveLength(2);
    const byDay = screen.getByRole('table', { name: 'Ordini e ricavi per giorno' });
    expect(
      within(byDay)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1 nov 20265$139.95', '2 nov 20260$0.00', '3 nov 20267$195.93']);
    const productChart = screen.getByRole('img', { name: /^Vendite per prodotto/ });
    expect(productChart.querySelector('svg')?.textContent).toContain('eBook <ABA> Ca');
    const byProduct = screen.getByRole('table', { name: /Unità e vendite per prodotto/ });
    expect(
      within(byProduct).getByRole('rowheader', { name: 'eBook <ABA> Case Studies' }),
    ).toBeTruthy();
  });

  it('asks for the periods by plain forms and points the CSV at the period shown', () => {
    showOverview();
    const preset = screen.getByRole('button', { name: 'Ultimi 7 giorni' }) as HTMLButtonElement;
    expect(preset.form?.getAttribute('action')).toBe('/admin');
    expect(preset.form?.method).toBe('get');
    expect([preset.name, preset.value]).toEqual(['preset', 'last7']);
    expect(screen.getByLabelText('Dal')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Al')).toHaveAttribute('name', 'to');
    expect(
      screen.getByRole('link', { name: 'Esporta gli ordini del periodo (CSV)' }),
    ).toHaveAttribute('href', '/api/admin/sales/orders.csv?from=2026-11-01&to=2026-11-03');
  });

  it('shows what is wrong with the days asked for, beside them', () => {
    showOverview({
      chosen: {
        ...PERIOD,
        asked: { from: '2026-12-01', to: '2026-11-01' },
        problem: 'La data di fine è prima di quella di inizio.',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La data di fine è prima di quella di inizio.',
    );
    expect(screen.getByLabelText('Dal')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Dal')).toHaveAccessibleDescription(
      'La data di fine è prima di quella di inizio.',
    );
  });

  it('says when the figures could not be loaded, with the way to try again', () => {
    showOverview({
      sales: { ok: false, message: 'Non è stato possibile caricare i dati. Riprova tra poco.' },
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Non è stato possibile caricare i dati. Riprova tra poco.');
    expect(within(alert).getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows an account that is not an administrator the not-authorised view, and no figures', () => {
    show({ kind: 'not-admin', email: 'parent@example.com' });
    expect(screen.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeInTheDocument();
    expect(document.body).toHaveTextContent("L'account parent@example.com non ha i permessi");
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('the status panel', () => {
  it('tells every part of a healthy shop in words', () => {
    showOverview();
    expect(screen.getByRole('heading', { name: 'Stato del negozio' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Controllato alle 28 nov, 07:00 UTC/ })).toBeTruthy();
    expect(rowOf('Posta in uscita')).toEqual({
      state: 'Funziona',
      details: 'Nessun messaggio in attesa',
    });
    expect(rowOf('Webhook')).toEqual({
      state: 'Funziona',
      details: 'Ultimo evento Stripe 5 min fa; nessuna chiamata fallita dall’avvio',
    });
    expect(rowOf('Ultima pubblicazione dal CMS').details).toMatch(
      /^Risorsa per i membri vista il 20 nov, 08:00 UTC/,
    );
    expect(rowOf('Redis')).toEqual({ state: 'Funziona', details: 'Risponde' });
    expect(rowOf('CMS')).toEqual({ state: 'Funziona', details: 'Risponde' });
    expect(rowOf('Cache dei PDF personalizzati')).toEqual({
      state: 'Funziona',
      details: '2 MB usati; 20 GB liberi sul disco',
    });
    expect(rowOf('Cancellazione dei dati scaduti')).toEqual({
      state: 'Funziona',
      details: 'Ultima esecuzione 4 h fa; prossima tra 20 h; ogni 1 g',
    });
    expect(screen.getByRole('link', { name: 'Aggiorna' })).toHaveAttribute('href', '/admin');
  });

  it('says what is wrong: mail waiting and failing, webhooks failing, the CMS down, the disk low', () => {
    showOverview({ health: ok(TROUBLED) });
    expect(rowOf('Posta in uscita')).toEqual({
      state: 'Attenzione',
      details:
        '3 messaggi in attesa, il più vecchio da 20 min; 1 messaggio con invio non riuscito, da ritentare',
    });
    expect(rowOf('Webhook')).toEqual({
      state: 'Attenzione',
      details: 'Nessun evento Stripe ricevuto; 2 chiamate fallite dall’avvio',
    });
    expect(rowOf('Ultima pubblicazione dal CMS').details).toBe('Nessuna ancora vista');
    expect(rowOf('Redis')).toEqual({
      state: 'Non configurato',
      details: 'Il negozio funziona senza',
    });
    expect(rowOf('CMS')).toEqual({ state: 'Non raggiungibile', details: 'Non risponde' });
    expect(rowOf('Cache dei PDF personalizzati').state).toBe('Attenzione');
    expect(rowOf('Cancellazione dei dati scaduti')).toEqual({
      state: 'Attenzione',
      details:
        'Non riuscito: database is locked; Ultima esecuzione 4 h fa; prossima tra 20 h; ogni 1 g',
    });
    // Due at 06:05 and not run by 07:00: a whole period late, so not running.
    expect(rowOf('Rimborsi da ritentare (assistenza e recessi)')).toEqual({
      state: 'Attenzione',
      details: 'Ultima esecuzione 1 h fa; in ritardo di 55 min; ogni 5 min',
    });
    expect(rowOf('Recensioni da consegnare al CMS')).toEqual({
      state: 'Informazione',
      details: 'Non ancora eseguito; ogni 5 min',
    });
  });

  it('says when the health could not be read, the figures still shown, and reloads this period', () => {
    showOverview({ health: { ok: false, message: 'Errore nel recupero dello stato del negozio' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Errore nel recupero dello stato del negozio',
    );
    expect(screen.queryByRole('table', { name: /^Controllato/ })).toBeNull();
    expect(figureCard('Ordini')).toHaveTextContent('12');
  });
});
