import 'server-only';
/**
 * What `/admin` shows, read on the server for one request (docs/product.md#admin-overview,
 * docs/adr/0038-overview-drawn-on-the-server.md): who asks, the period the address names, and,
 * for an administrator, that period's figures and the shop's health, asked for at once with the
 * visitor's own session cookie. The commerce API stays the judge of access: its 401 and 403 are
 * the sign-in and the not-authorised view, as on every admin page.
 */
import type { SalesSummary, ShopHealth } from '@aba-shop/contract';
import { accessDenial, adminFailureMessage } from '@/lib/admin/admin-failure';
import {
  PERIOD_PRESETS,
  periodOf,
  periodProblem,
  type PeriodPreset,
} from '@/lib/admin/sales-period';
import { fetchSalesSummary, type SalesPeriod } from '@/lib/commerce/api/sales';
import { fetchCurrentUser } from '@/lib/commerce/api/session';
import { fetchShopHealth } from '@/lib/commerce/api/shop-health';
import type { CommerceTransport } from '@/lib/commerce/client';
import { COMMERCE_TIMEOUT_MS } from '@/lib/commerce/products';
import { storefrontConfig } from '@/lib/config';
import { serverLog } from '@/lib/server-log';

/** The period the overview opens on. */
export const FIRST_PRESET: PeriodPreset = 'last30';

/** The period chosen in the address: a preset, or a first and last day the form sent. */
export interface ChosenPeriod {
  /** The preset shown pressed; 'custom' for days of the owner's own. */
  preset: PeriodPreset | 'custom';
  period: SalesPeriod;
  /** What was wrong with the days asked for, which the form shows; the first period is shown. */
  problem: string | null;
  /** The days as the form had them, to show them again beside the problem. */
  asked: SalesPeriod;
}

/** `?preset=last7`, or `?from=2026-11-01&to=2026-11-15`, or nothing: the first period. */
export function choosePeriod(query: URLSearchParams, now = Date.now()): ChosenPeriod {
  const preset = query.get('preset');
  if (preset && Object.hasOwn(PERIOD_PRESETS, preset)) {
    const period = periodOf(preset as PeriodPreset, now);
    return { preset: preset as PeriodPreset, period, problem: null, asked: period };
  }
  const first = periodOf(FIRST_PRESET, now);
  if (!query.has('from') && !query.has('to'))
    return { preset: FIRST_PRESET, period: first, problem: null, asked: first };
  const asked = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
  const problem = periodProblem(asked);
  return problem
    ? { preset: FIRST_PRESET, period: first, problem, asked }
    : { preset: 'custom', period: asked, problem: null, asked };
}

/** A part of the page that came, or the words for why it did not. */
export type Part<T> = { ok: true; value: T } | { ok: false; message: string };

export type Overview =
  | { kind: 'sign-in' }
  | { kind: 'not-admin'; email: string }
  | { kind: 'overview'; chosen: ChosenPeriod; sales: Part<SalesSummary>; health: Part<ShopHealth> };

const FIGURES_FAILED = 'Non è stato possibile caricare i dati. Riprova tra poco.';
const HEALTH_FAILED = 'Errore nel recupero dello stato del negozio';

function part<T>(answer: PromiseSettledResult<T>, fallback: string): Part<T> {
  if (answer.status === 'fulfilled') return { ok: true, value: answer.value };
  serverLog.error('The admin overview could not read a part of its figures:', answer.reason);
  return {
    ok: false,
    message: adminFailureMessage(answer.reason, { service: fallback, page: fallback }),
  };
}

/**
 * Everything the page needs, in one round of calls: the session, the figures and the health
 * together, so an administrator waits for the slowest of them only.
 */
export async function readOverview(
  cookie: string | null,
  query: URLSearchParams,
): Promise<Overview> {
  if (!cookie) return { kind: 'sign-in' };
  const transport: CommerceTransport = {
    origin: storefrontConfig().COMMERCE_URL,
    timeoutMs: COMMERCE_TIMEOUT_MS,
    cookie,
  };
  const chosen = choosePeriod(query);
  const [user, sales, health] = await Promise.allSettled([
    fetchCurrentUser(transport),
    fetchSalesSummary(chosen.period, transport),
    fetchShopHealth(transport),
  ]);
  const denied = [sales, health].map((answer) =>
    answer.status === 'rejected' ? accessDenial(answer.reason) : null,
  );
  // A session check that failed is no answer: the figures' own calls say who may see them.
  const signedIn = user.status === 'fulfilled' ? user.value : undefined;
  if (signedIn === null || denied.includes(401)) return { kind: 'sign-in' };
  if (signedIn?.isAdmin === false || denied.includes(403))
    return { kind: 'not-admin', email: signedIn?.email ?? '' };
  return {
    kind: 'overview',
    chosen,
    sales: part(sales, FIGURES_FAILED),
    health: part(health, HEALTH_FAILED),
  };
}
