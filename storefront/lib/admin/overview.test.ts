/** @jest-environment node */
import type { CurrentUser } from '@aba-shop/contract';
import { periodOf } from './sales-period';
import { choosePeriod, readOverview } from './overview';

const NOW = Date.parse('2026-11-29T10:00:00Z');
const query = (text: string) => new URLSearchParams(text);

describe('the period in the address', () => {
  it('is the last 30 days without one, a preset by its name, or the days the form sent', () => {
    expect(choosePeriod(query(''), NOW)).toMatchObject({
      preset: 'last30',
      period: periodOf('last30', NOW),
      problem: null,
    });
    expect(choosePeriod(query('preset=last7'), NOW)).toMatchObject({
      preset: 'last7',
      period: { from: '2026-11-23', to: '2026-11-29' },
    });
    expect(choosePeriod(query('from=2025-07-01&to=2025-07-30'), NOW)).toEqual({
      preset: 'custom',
      period: { from: '2025-07-01', to: '2025-07-30' },
      asked: { from: '2025-07-01', to: '2025-07-30' },
      problem: null,
    });
  });

  it('shows the first period with what was wrong with the days, keeping them for the form', () => {
    for (const [text, problem] of [
      ['from=2026-12-01&to=2026-11-01', 'La data di fine è prima di quella di inizio.'],
      ['from=yesterday&to=', 'Scegli due date valide.'],
      ['from=2024-01-01&to=2026-01-01', 'Scegli un periodo di al massimo 366 giorni.'],
    ] as const) {
      const chosen = choosePeriod(query(text), NOW);
      expect(chosen).toMatchObject({ preset: 'last30', period: periodOf('last30', NOW), problem });
      expect(chosen.asked.from).toBe(query(text).get('from'));
    }
    // An unknown preset is no preset.
    expect(choosePeriod(query('preset=toString'), NOW).preset).toBe('last30');
  });
});

const ADMIN: CurrentUser = { id: 'a1', email: 'admin@example.com', name: null, isAdmin: true };
const PARENT: CurrentUser = { ...ADMIN, id: 'p1', email: 'parent@example.com', isAdmin: false };

/** The commerce service as this test has it answer: the session, the figures, the health. */
function commerceAnswers(answers: Record<string, () => Response>) {
  global.fetch = jest.fn(async (url: string | URL | Request) => {
    const path = new URL(String(url)).pathname;
    const answer = answers[path];
    if (!answer) throw new TypeError('fetch failed');
    return answer();
  });
}
const json = (status: number, body: unknown) => () => Response.json(body, { status });

const SUMMARY_PATH = '/api/admin/sales';
const HEALTH_PATH = '/api/admin/health';

afterEach(() => jest.restoreAllMocks());

describe('reading the overview', () => {
  it('asks nothing without a session cookie: the visitor signs in', async () => {
    global.fetch = jest.fn();
    await expect(readOverview(null, query(''))).resolves.toEqual({ kind: 'sign-in' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the session, the figures and the health together, with the visitor’s cookie', async () => {
    commerceAnswers({
      '/api/users/me': json(200, ADMIN),
      [SUMMARY_PATH]: json(503, { error: 'Dati non disponibili' }),
      [HEALTH_PATH]: json(500, {}),
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const overview = await readOverview('session=abc', query('preset=last7'));
    // Each failure is in the storefront's log, for whoever looks after the shop.
    expect(logged).toHaveBeenCalledTimes(2);
    expect(overview).toMatchObject({
      kind: 'overview',
      chosen: { preset: 'last7' },
      sales: { ok: false, message: 'Dati non disponibili' },
      health: { ok: false, message: 'Errore nel recupero dello stato del negozio' },
    });
    const calls = jest.mocked(fetch).mock.calls as [URL, RequestInit][];
    expect(calls.map(([url]) => url.pathname).sort()).toEqual(
      ['/api/users/me', SUMMARY_PATH, HEALTH_PATH].sort(),
    );
    for (const [, init] of calls) expect(init.headers).toMatchObject({ cookie: 'session=abc' });
    const { from, to } = periodOf('last7');
    expect(calls.find(([url]) => url.pathname === SUMMARY_PATH)?.[0].search).toBe(
      `?from=${from}&to=${to}`,
    );
  });

  it('sends a visitor whose session ended to sign in, and shows others no figures', async () => {
    commerceAnswers({
      '/api/users/me': json(200, null),
      [SUMMARY_PATH]: json(401, { error: 'Non autenticato' }),
      [HEALTH_PATH]: json(401, { error: 'Non autenticato' }),
    });
    await expect(readOverview('session=old', query(''))).resolves.toEqual({ kind: 'sign-in' });
    commerceAnswers({
      '/api/users/me': json(200, PARENT),
      [SUMMARY_PATH]: json(403, { error: 'Non autorizzato' }),
      [HEALTH_PATH]: json(403, { error: 'Non autorizzato' }),
    });
    await expect(readOverview('session=parent', query(''))).resolves.toEqual({
      kind: 'not-admin',
      email: 'parent@example.com',
    });
  });

  it('leaves access to the API when the session check itself fails', async () => {
    commerceAnswers({
      [SUMMARY_PATH]: json(403, { error: 'Non autorizzato' }),
      [HEALTH_PATH]: json(403, { error: 'Non autorizzato' }),
    });
    await expect(readOverview('session=x', query(''))).resolves.toEqual({
      kind: 'not-admin',
      email: '',
    });
    commerceAnswers({});
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(readOverview('session=x', query(''))).resolves.toMatchObject({
      kind: 'overview',
      sales: { ok: false, message: 'Non è stato possibile caricare i dati. Riprova tra poco.' },
    });
  });
});
