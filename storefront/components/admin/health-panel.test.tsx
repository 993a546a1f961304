import { screen, waitFor, within } from '@testing-library/react';
import type { ShopHealth } from '@aba-shop/contract';
import { fetchShopHealth } from '@/lib/commerce/api/shop-health';
import { CommerceError } from '@/lib/commerce/client';
import { ADMIN, renderAdminPage, signedInAs } from '@/test-support/admin-pages';
import { describeAge, describeBytes } from '@/lib/admin/shop-health-rows';
import { HealthPanel } from './health-panel';

jest.mock('@/lib/commerce/api/shop-health', () => ({
  ...jest.requireActual('@/lib/commerce/api/shop-health'),
  fetchShopHealth: jest.fn(),
}));
jest.mock('@/components/auth/use-session', () => ({ useSession: jest.fn() }));
const replace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ replace, push: jest.fn() }) }));

const fetchHealth = jest.mocked(fetchShopHealth);

const HEALTHY: ShopHealth = {
  checkedAt: '2026-11-28T07:00:00.000Z',
  mailOutbox: { pending: 0, oldestAgeSeconds: null, failed: 0 },
  webhooks: { newestEventAgeSeconds: 300, failuresSinceStart: 0 },
  lastPublishAt: '2026-11-20T08:00:00.000Z',
  redis: 'up',
  cms: 'up',
  stampedPdfCache: { usedBytes: 2 * 1024 ** 2, freeBytes: 20 * 1024 ** 3 },
};

const TROUBLED: ShopHealth = {
  ...HEALTHY,
  mailOutbox: { pending: 3, oldestAgeSeconds: 1_200, failed: 1 },
  webhooks: { newestEventAgeSeconds: null, failuresSinceStart: 2 },
  lastPublishAt: null,
  redis: 'unconfigured',
  cms: 'down',
  stampedPdfCache: { usedBytes: 0, freeBytes: 500 * 1024 ** 2 },
};

/** The row of one part: its state word and its details. */
function rowOf(part: string) {
  const row = screen.getByRole('rowheader', { name: part }).closest('tr') as HTMLElement;
  const [state, details] = within(row).getAllByRole('cell');
  return { state: state?.textContent, details: details?.textContent };
}

beforeEach(() => {
  fetchHealth.mockReset();
  signedInAs(ADMIN);
});

describe('the status panel', () => {
  it('tells every part of a healthy shop in words', async () => {
    fetchHealth.mockResolvedValue(HEALTHY);
    renderAdminPage(<HealthPanel />);
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Stato del negozio' })).toBeVisible();
    expect(rowOf('Posta in uscita')).toEqual({
      state: 'Funziona',
      details: 'Nessun messaggio in attesa',
    });
    expect(rowOf('Webhook')).toEqual({
      state: 'Funziona',
      details: 'Ultimo evento Stripe 5 min fa; nessuna chiamata fallita dall’avvio',
    });
    expect(rowOf('Ultima pubblicazione dal CMS').details).toMatch(
      /^Risorsa per i membri vista il 20 nov/,
    );
    expect(rowOf('Redis')).toEqual({ state: 'Funziona', details: 'Risponde' });
    expect(rowOf('CMS')).toEqual({ state: 'Funziona', details: 'Risponde' });
    expect(rowOf('Cache dei PDF personalizzati')).toEqual({
      state: 'Funziona',
      details: '2 MB usati; 20 GB liberi sul disco',
    });
  });

  it('says what is wrong: mail waiting and failing, webhooks failing, the CMS down, the disk low', async () => {
    fetchHealth.mockResolvedValue(TROUBLED);
    renderAdminPage(<HealthPanel />);
    await screen.findByRole('table');
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
  });

  it('reads the figures again on Aggiorna', async () => {
    fetchHealth.mockResolvedValueOnce(TROUBLED).mockResolvedValueOnce(HEALTHY);
    const user = renderAdminPage(<HealthPanel />);
    await screen.findByRole('table');
    expect(rowOf('CMS').state).toBe('Non raggiungibile');
    await user.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await waitFor(() => expect(rowOf('CMS').state).toBe('Funziona'));
    expect(fetchHealth).toHaveBeenCalledTimes(2);
  });

  it("shows the service's own words when the figures cannot be read", async () => {
    fetchHealth.mockRejectedValue(new CommerceError('failed', 500, null));
    renderAdminPage(<HealthPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Errore nel recupero dello stato del negozio',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends a signed-out visitor to sign in, and back', async () => {
    fetchHealth.mockRejectedValue(new CommerceError('refused', 401, 'Accedi'));
    renderAdminPage(<HealthPanel returnPath="/admin" />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith(expect.stringContaining('/login')));
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('ages and sizes in words', () => {
  it.each([
    [45, '45 s'],
    [60, '1 min'],
    [3_599, '59 min'],
    [7_200, '2 h'],
    [172_800, '2 g'],
  ])('%i seconds is %s', (seconds, words) => {
    expect(describeAge(seconds)).toBe(words);
  });

  it.each([
    [0, '0 byte'],
    [1536, '1,5 kB'],
    [10.5 * 1024 ** 3, '10,5 GB'],
  ])('%i bytes is %s', (bytes, words) => {
    expect(describeBytes(bytes).replace(/\u00a0/g, ' ')).toBe(words);
  });
});
