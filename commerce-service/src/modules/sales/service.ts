/**
 * The owner's sales figures (docs/product.md#sales-figures): a period's orders, revenue,
 * refunds and buyers beside the period just before it, day by day and product by product.
 */
import {
  daysBetween,
  type SalesFigures,
  type SalesQuery,
  type SalesSummary,
} from '@aba-shop/contract';
import { listProducts, type CatalogueDependencies } from '../catalogue/service.ts';
import {
  buyersIn,
  orderTotals,
  ordersByDay,
  salesByProduct,
  type OrderWindow,
} from './repository.ts';

export type SalesDependencies = CatalogueDependencies;

const DAY_MS = 24 * 3600 * 1000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The period's days as an order window: from its first midnight to the one after its end. */
const windowOf = (currency: string, from: string, to: string): OrderWindow => ({
  currency,
  start: new Date(startOf(from)).toISOString(),
  end: new Date(startOf(to) + DAY_MS).toISOString(),
});

async function figuresOf(deps: SalesDependencies, window: OrderWindow): Promise<SalesFigures> {
  const [totals, buyers] = await Promise.all([
    orderTotals(deps.db, window),
    buyersIn(deps.db, window),
  ]);
  return {
    orders: totals.orders,
    revenue: totals.revenue,
    averageOrder: totals.kept > 0 ? Math.round(totals.revenue / totals.kept) : 0,
    tax: totals.tax,
    refunds: totals.refunds,
    refunded: totals.refunded,
    ...buyers,
  };
}

/**
 * The figures of `from`..`to` (whole UTC days, both included) and of as many days just before,
 * in the catalogue's currency (the shop sells in one).
 */
export async function salesSummary(
  deps: SalesDependencies,
  { from, to }: SalesQuery,
): Promise<SalesSummary> {
  const days = daysBetween(from, to);
  const previousPeriod = {
    from: dayOf(startOf(from) - days * DAY_MS),
    to: dayOf(startOf(from) - DAY_MS),
  };
  const currency = (await listProducts(deps))[0]?.currency ?? 'usd';
  const current = windowOf(currency, from, to);
  const [currentFigures, previousFigures, daily, byProduct] = await Promise.all([
    figuresOf(deps, current),
    figuresOf(deps, windowOf(currency, previousPeriod.from, previousPeriod.to)),
    ordersByDay(deps.db, current),
    salesByProduct(deps.db, current),
  ]);
  const onDay = new Map(daily.map((row) => [row.day, row]));
  const byDay = Array.from({ length: days }, (_, index) => {
    const day = dayOf(startOf(from) + index * DAY_MS);
    return { day, orders: onDay.get(day)?.orders ?? 0, revenue: onDay.get(day)?.revenue ?? 0 };
  });
  return {
    currency,
    period: { from, to },
    previousPeriod,
    current: currentFigures,
    previous: previousFigures,
    byDay,
    byProduct,
  };
}
