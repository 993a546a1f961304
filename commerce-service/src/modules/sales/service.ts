/**
 * The owner's sales figures (docs/product.md#sales-figures): a period's orders, revenue,
 * refunds, buyers, memberships and way to payment beside the period just before it, day by
 * day and product by product, from the day sums the database keeps.
 */
import {
  daysBetween,
  type Product,
  type SalesFigures,
  type SalesQuery,
  type SalesSummary,
} from '@aba-shop/contract';
import { listProducts, type CatalogueDependencies } from '../catalogue/service.ts';
import { disputesOpenedIn } from '../disputes/service.ts';
import { funnelStepsIn } from '../funnel/service.ts';
import {
  membershipCounts,
  ordersForExport,
  orderTotals,
  ordersByDay,
  salesByProduct,
  type DayWindow,
} from './repository.ts';

export type SalesDependencies = CatalogueDependencies;

const DAY_MS = 24 * 3600 * 1000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Monthly price of a product sold by subscription; a yearly one counts a twelfth. */
function monthlyPrice(products: Product[]) {
  const plan = products.find((product) => product.type === 'subscription');
  if (!plan) return 0;
  return plan.interval === 'year' ? Math.round(plan.price / 12) : plan.price;
}

async function figuresOf(
  deps: SalesDependencies,
  window: DayWindow,
  pricePerMonth: number,
): Promise<SalesFigures> {
  // Memberships are counted from the period's first midnight to the one after its last day.
  const start = new Date(startOf(window.from)).toISOString();
  const end = new Date(startOf(window.to) + DAY_MS).toISOString();
  const [totals, members, steps, disputes] = await Promise.all([
    orderTotals(deps.db, window),
    membershipCounts(deps.db, start, end),
    funnelStepsIn(deps, window.from, window.to),
    disputesOpenedIn(deps, { currency: window.currency, start, end }),
  ]);
  return {
    orders: totals.orders,
    revenue: totals.revenue,
    averageOrder: totals.kept > 0 ? Math.round(totals.revenue / totals.kept) : 0,
    tax: totals.tax,
    refunds: totals.refunds,
    refunded: totals.refunded,
    newBuyers: totals.firstOrders,
    returningBuyers: totals.orders - totals.firstOrders,
    disputes: disputes.opened,
    disputed: disputes.amount,
    disputesLost: disputes.lost,
    members: {
      active: members.atEnd,
      activeAtStart: members.atStart,
      started: members.started,
      cancelled: members.ended,
      churn: members.atStart > 0 ? Math.round((members.ended / members.atStart) * 1e4) / 1e4 : 0,
      mrr: members.atEnd * pricePerMonth,
    },
    funnel: { ...steps, paid: totals.orders },
  };
}

/** The catalogue's currency: the shop sells in one. */
export async function currencyOf(deps: SalesDependencies) {
  return (await listProducts(deps))[0]?.currency ?? 'usd';
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
  const products = await listProducts(deps);
  const currency = products[0]?.currency ?? 'usd';
  const pricePerMonth = monthlyPrice(products);
  const current = { currency, from, to };
  const [currentFigures, previousFigures, daily, byProduct] = await Promise.all([
    figuresOf(deps, current, pricePerMonth),
    figuresOf(deps, { currency, ...previousPeriod }, pricePerMonth),
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

/** The columns of the orders' CSV, in Italian as the admin pages. */
export const ORDER_CSV_COLUMNS = [
  'data',
  'riferimento',
  'ordine',
  'email',
  'stato',
  'valuta',
  'subtotale',
  'sconto',
  'imposta',
  'totale',
  'rimborsato',
  'imposta rimborsata',
  'prodotti',
] as const;

const BATCH = 1000;
const units = (cents: number | null) => ((cents ?? 0) / 100).toFixed(2);

/** The file's name: `ordini-2026-11-01-2026-11-30.csv`. */
export const exportFileName = ({ from, to }: SalesQuery) => `ordini-${from}-${to}.csv`;

/**
 * The orders of a period for the accountant (docs/product.md#sales-figures): one row an order,
 * oldest first, amounts in the currency's units with a point, read a batch at a time.
 */
export async function* ordersForAccountant(
  deps: SalesDependencies,
  { from, to }: SalesQuery,
): AsyncGenerator<Record<(typeof ORDER_CSV_COLUMNS)[number], string>> {
  const window = {
    currency: await currencyOf(deps),
    start: new Date(startOf(from)).toISOString(),
    end: new Date(startOf(to) + DAY_MS).toISOString(),
  };
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const orders = await ordersForExport(deps.db, window, after, BATCH);
    for (const order of orders) {
      const refundedInFull = order.status === 'refunded';
      yield {
        data: order.created_at,
        riferimento: order.number,
        ordine: order.id,
        email: order.email,
        stato: refundedInFull
          ? 'rimborsato'
          : order.amount_refunded > 0
            ? 'rimborsato in parte'
            : 'pagato',
        valuta: order.currency.toUpperCase(),
        subtotale: units(order.amount_subtotal ?? order.amount_total),
        sconto: units(order.amount_discount),
        imposta: units(order.amount_tax),
        totale: units(order.amount_total),
        rimborsato: units(refundedInFull ? order.amount_total : order.amount_refunded),
        'imposta rimborsata': units(refundedInFull ? order.amount_tax : order.tax_refunded),
        prodotti: order.lines
          .map(
            (line) =>
              `${line.product_name} x ${line.quantity}${line.refunded_at ? ' (rimborsato)' : ''}`,
          )
          .join('; '),
      };
    }
    const last = orders.at(-1);
    if (!last || orders.length < BATCH) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}
