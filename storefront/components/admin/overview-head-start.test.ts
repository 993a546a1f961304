import type { CurrentUser, SalesSummary } from '@aba-shop/contract';
import { fetchSignedInUser } from '@/lib/auth/session';
import { periodOf } from '@/lib/admin/sales-period';
import { fetchSalesSummary } from '@/lib/commerce/api/sales';

jest.mock('@/lib/auth/session', () => ({ fetchSignedInUser: jest.fn() }));
jest.mock('@/lib/commerce/api/sales', () => ({ fetchSalesSummary: jest.fn() }));

const signedIn = jest.mocked(fetchSignedInUser);
const askFigures = jest.mocked(fetchSalesSummary);
const ADMIN: CurrentUser = { id: 'u-1', email: 'owner@example.com', name: null, isAdmin: true };
const SUMMARY = { currency: 'usd' } as SalesSummary;
type HeadStart = typeof import('./overview-head-start');

/** A fresh copy of the module and of SWR's preloads, as a page load has. */
function freshHeadStart() {
  let loaded: HeadStart | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<HeadStart>('./overview-head-start');
  });
  return loaded as HeadStart;
}

/** Lets the session's answer and what follows it run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A page load whose session answers `user`, once that answer and what follows it have run. */
async function loadedAs(user: CurrentUser | null) {
  signedIn.mockResolvedValue(user);
  const { startOverviewAhead, takeFiguresAhead } = freshHeadStart();
  startOverviewAhead();
  await settle();
  return takeFiguresAhead;
}

beforeEach(() => {
  jest.clearAllMocks();
  askFigures.mockResolvedValue(SUMMARY);
});

describe('the overview’s head start', () => {
  it('asks an administrator’s figures for the last 30 days once the session says so, and hands them over once', async () => {
    signedIn.mockResolvedValue(ADMIN);
    const { startOverviewAhead, takeFiguresAhead } = freshHeadStart();
    startOverviewAhead();
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(askFigures).not.toHaveBeenCalled();
    await settle();
    expect(askFigures).toHaveBeenCalledWith(periodOf('last30'));
    await expect(takeFiguresAhead(periodOf('last30'))).resolves.toBe(SUMMARY);
    // A second look (a retry, the period chosen again) asks anew.
    expect(takeFiguresAhead(periodOf('last30'))).toBeNull();
  });

  it('asks nothing more for a visitor who is not an administrator, or nobody signed in', async () => {
    for (const user of [{ ...ADMIN, isAdmin: false }, null]) {
      const takeFiguresAhead = await loadedAs(user);
      expect(takeFiguresAhead(periodOf('last30'))).toBeNull();
    }
    expect(askFigures).not.toHaveBeenCalled();
  });

  it('hands over nothing for another period, and the overview asks itself', async () => {
    const takeFiguresAhead = await loadedAs(ADMIN);
    expect(takeFiguresAhead(periodOf('last7'))).toBeNull();
  });

  it('hands over nothing asked more than 30 seconds ago: the overview asks for fresh figures', async () => {
    const takeFiguresAhead = await loadedAs(ADMIN);
    expect(takeFiguresAhead(periodOf('last30'), Date.now() + 31_000)).toBeNull();
  });

  it('leaves a refusal to the overview to show, not to the page as an unhandled one', async () => {
    askFigures.mockRejectedValue(new Error('403'));
    const takeFiguresAhead = await loadedAs(ADMIN);
    await expect(takeFiguresAhead(periodOf('last30'))).rejects.toThrow('403');
  });
});
