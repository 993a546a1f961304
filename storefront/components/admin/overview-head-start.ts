/**
 * The overview's head start (docs/product.md#admin-overview; docs/performance.md, "The owner's
 * overview"): on a phone, running the page's scripts takes longer than the two answers the
 * overview waits for, so the session check starts as soon as the overview's code is loaded,
 * before React has built the page, and the first period's figures as soon as the session says
 * an administrator is signed in, before the gate has shown the overview. The rule holds: only
 * an administrator's browser asks for the figures.
 */
import { preload } from 'swr';
import type { SalesSummary } from '@aba-shop/contract';
import { SESSION_KEY } from '@/components/auth/use-session';
import { fetchSignedInUser } from '@/lib/auth/session';
import { fetchSalesSummary, type SalesPeriod } from '@/lib/commerce/api/sales';
import { periodOf } from '@/lib/admin/sales-period';

/**
 * How long figures asked ahead stay the overview's: an administrator who leaves before the
 * overview shows and comes back later (without loading the page anew) gets figures asked then.
 */
const AHEAD_FOR_MS = 30_000;

/** The first figures asked for ahead of the overview, until the overview takes them. */
let ahead: { period: SalesPeriod; summary: Promise<SalesSummary>; askedAt: number } | null = null;

/** Starts the session check, then, for an administrator, the first period's figures. */
export function startOverviewAhead(): void {
  void preload(SESSION_KEY, fetchSignedInUser).then((user) => {
    if (!user?.isAdmin) return;
    const period = periodOf('last30');
    const summary = fetchSalesSummary(period);
    // Taken or not, a refusal or failure here is the overview's to show, not an unhandled one.
    summary.catch(() => undefined);
    ahead = { period, summary, askedAt: Date.now() };
  });
}

/**
 * The figures asked for ahead, once, when they are for `period` and were asked within the last
 * 30 seconds; null otherwise (another period, a retry, figures asked too long ago, or nothing
 * asked ahead), and the overview asks itself.
 */
export function takeFiguresAhead(
  period: SalesPeriod,
  now = Date.now(),
): Promise<SalesSummary> | null {
  const taken = ahead;
  ahead = null;
  return taken &&
    taken.period.from === period.from &&
    taken.period.to === period.to &&
    now - taken.askedAt <= AHEAD_FOR_MS
    ? taken.summary
    : null;
}
