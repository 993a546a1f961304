/**
 * The owner's sales figures (docs/product.md#sales-figures): `GET /api/admin/sales` for a
 * period of whole days (UTC), with the period of the same length just before it.
 */
import { z } from 'zod';

/** The longest period the figures are asked for at once: a year, leap day included. */
export const SALES_PERIOD_MAX_DAYS = 366;

const DAY_MS = 24 * 3600 * 1000;

/** Whether `day` is a calendar day, `YYYY-MM-DD`, that exists. */
function isDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

const daySchema = z
  .string('una data AAAA-MM-GG')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'una data AAAA-MM-GG')
  .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isDay(day), 'un giorno che non esiste');

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * GET /api/admin/sales?from=2026-11-01&to=2026-11-30: both days included. The messages are
 * Italian, as the admin pages that show them.
 */
export const salesQuerySchema = z
  .object({ from: daySchema, to: daySchema })
  // Checked once both are days; a field that is not one has its own message.
  .refine(({ from, to }) => !isDay(from) || !isDay(to) || from <= to, {
    message: 'la fine è prima dell’inizio',
    path: ['to'],
  })
  .refine(
    ({ from, to }) => !isDay(from) || !isDay(to) || daysBetween(from, to) <= SALES_PERIOD_MAX_DAYS,
    {
      message: `un periodo di al massimo ${SALES_PERIOD_MAX_DAYS} giorni`,
      path: ['to'],
    },
  );

export type SalesQuery = z.infer<typeof salesQuerySchema>;

const cents = z.number().int();
const count = z.number().int().min(0);

/** One period's memberships; the price is the membership's monthly price today. */
export const membershipFiguresSchema = z.object({
  /** Memberships running at the period's end (past due included), and at its start. */
  active: count,
  activeAtStart: count,
  /** Memberships begun in the period, and those cancelled in it. */
  started: count,
  cancelled: count,
  /** `cancelled` per membership running at the start (0.05 is 5 %); 0 without one. */
  churn: z.number().min(0),
  /** Monthly recurring revenue at the period's end: `active` times the monthly price. */
  mrr: cents,
});

/** One period's way to payment: views of the shop page, checkouts started, orders paid. */
export const funnelFiguresSchema = z.object({
  shopViews: count,
  checkoutsStarted: count,
  paid: count,
});

/** One period's figures; amounts in cents of the shop's currency. */
export const salesFiguresSchema = z.object({
  /** Orders placed in the period, those refunded since included. */
  orders: count,
  /** What the period's orders charged, less their tax and less what was refunded of them. */
  revenue: cents,
  /** `revenue` per order not refunded in full; 0 without one. */
  averageOrder: cents,
  /** The tax the period's orders charged, less the tax refunded. */
  tax: cents,
  /** Orders of the period refunded since, in full or a line of them, and what was refunded. */
  refunds: count,
  refunded: cents,
  /** Orders that were their address's first (new buyers), and orders of addresses that had bought before. */
  newBuyers: count,
  returningBuyers: count,
  /** Disputes (chargebacks) opened in the period, the amount they took back, and those lost. */
  disputes: count,
  disputed: cents,
  disputesLost: count,
  members: membershipFiguresSchema,
  funnel: funnelFiguresSchema,
});

export type SalesFigures = z.infer<typeof salesFiguresSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string() });

export const salesSummarySchema = z.object({
  currency: z.string(),
  period: periodSchema,
  /** The days just before the period, as many as it has. */
  previousPeriod: periodSchema,
  current: salesFiguresSchema,
  previous: salesFiguresSchema,
  /** Every day of the period, those without an order included. */
  byDay: z.array(z.object({ day: z.string(), orders: count, revenue: cents })),
  /** Each product sold in the period's orders not refunded, best selling first. */
  byProduct: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      units: count,
      /** The lines' amounts at the price charged for each, before discount and tax. */
      sales: cents,
    }),
  ),
});

export type SalesSummary = z.infer<typeof salesSummarySchema>;
