/**
 * The owner's sales figures (docs/product.md#sales-figures): orders bought through the test
 * checkout, then moved to the days the test needs; every figure is checked against what the
 * test adds up from the orders table itself.
 */
import { salesSummarySchema } from '@aba-shop/contract';
import { buyLocally, createTestApp, signInByCode, type TestApp } from '../../test-support/app.ts';

let t: TestApp;
let admin: string;
let customer: string;

const PARENTS = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
const BOTH = [
  { productId: 'ebook-aba-for-parents', quantity: 1 },
  { productId: 'ebook-aba-case-studies', quantity: 1 },
];

/** Buys, then dates the order and sets its tax and status as the case needs. */
async function order(
  products: typeof PARENTS,
  email: string,
  createdAt: string,
  { tax = 0, refunded = false } = {},
) {
  const sessionId = await buyLocally(t.app, products, email);
  await t.app.db
    .updateTable('orders')
    .set({ created_at: createdAt, amount_tax: tax, status: refunded ? 'refunded' : 'paid' })
    .where('checkout_session_id', '=', sessionId)
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'owner@example.com' });
  admin = await signInByCode(t, 'owner@example.com');
  customer = await signInByCode(t, 'someone@example.com');
  // The period before November's first half (17 to 31 October): Ada's first order.
  await order(PARENTS, 'ada@example.com', '2026-10-20T09:00:00.000Z');
  // 1 to 15 November: Ada again, Bea new with two books and tax, Cy refunded, and one order
  // just outside each end.
  await order(PARENTS, 'ada@example.com', '2026-11-01T00:00:00.000Z');
  await order(BOTH, 'bea@example.com', '2026-11-03T12:30:00.000Z', { tax: 250 });
  await order(PARENTS, 'cy@example.com', '2026-11-15T23:59:59.999Z', { refunded: true });
  await order(PARENTS, 'late@example.com', '2026-11-16T00:00:00.000Z');
  await order(PARENTS, 'early@example.com', '2026-10-16T23:59:59.999Z');
});
afterAll(() => t.close());

const sales = (query: string, cookie = admin) =>
  t.app.inject({ url: `/api/admin/sales?${query}`, headers: { cookie } });

/** What the orders table says of a period, added up here rather than in SQL. */
async function expectedOf(start: string, end: string) {
  const rows = (await t.app.db.selectFrom('orders').selectAll().execute()).filter(
    (row) => row.created_at >= start && row.created_at < end,
  );
  const kept = rows.filter((row) => row.status === 'paid');
  const revenue = kept.reduce((sum, row) => sum + row.amount_total - row.amount_tax, 0);
  return {
    orders: rows.length,
    revenue,
    averageOrder: kept.length ? Math.round(revenue / kept.length) : 0,
    tax: kept.reduce((sum, row) => sum + row.amount_tax, 0),
    refunds: rows.length - kept.length,
    refunded: rows
      .filter((row) => row.status === 'refunded')
      .reduce((sum, row) => sum + row.amount_total, 0),
  };
}

describe('the sales figures', () => {
  it('are for administrators only: 401 signed out, 403 to a customer', async () => {
    const signedOut = await t.app.inject({ url: '/api/admin/sales?from=2026-11-01&to=2026-11-15' });
    expect(signedOut.statusCode).toBe(401);
    expect((await sales('from=2026-11-01&to=2026-11-15', customer)).statusCode).toBe(403);
  });

  it('add up a period and the one before it as the orders table does', async () => {
    const response = await sales('from=2026-11-01&to=2026-11-15');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const summary = salesSummarySchema.parse(response.json());
    expect(summary.currency).toBe('usd');
    expect(summary.period).toEqual({ from: '2026-11-01', to: '2026-11-15' });
    expect(summary.previousPeriod).toEqual({ from: '2026-10-17', to: '2026-10-31' });

    const current = await expectedOf('2026-11-01T00:00:00.000Z', '2026-11-16T00:00:00.000Z');
    expect(current.orders).toBe(3);
    expect(current.refunds).toBe(1);
    // Bea and Cy order for the first time (Cy's order was refunded since, but was placed); Ada
    // had ordered in October.
    expect(summary.current).toEqual({ ...current, newBuyers: 2, returningBuyers: 1 });
    const previous = await expectedOf('2026-10-17T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
    expect(previous.orders).toBe(1);
    expect(summary.previous).toEqual({ ...previous, newBuyers: 1, returningBuyers: 0 });
  });

  it('list every day of the period, and each product sold in orders not refunded', async () => {
    const summary = salesSummarySchema.parse((await sales('from=2026-11-01&to=2026-11-15')).json());
    expect(summary.byDay).toHaveLength(15);
    expect(summary.byDay[0]?.day).toBe('2026-11-01');
    expect(summary.byDay.at(-1)?.day).toBe('2026-11-15');
    const withOrders = summary.byDay.filter((day) => day.orders > 0).map((day) => day.day);
    expect(withOrders).toEqual(['2026-11-01', '2026-11-03', '2026-11-15']);
    // The refunded order counts as placed that day, with no revenue.
    expect(summary.byDay.at(-1)).toEqual({ day: '2026-11-15', orders: 1, revenue: 0 });
    expect(summary.byDay.reduce((sum, day) => sum + day.revenue, 0)).toBe(summary.current.revenue);

    const lines = await t.app.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['product_id', 'quantity', 'unit_amount'])
      .where('orders.created_at', '>=', '2026-11-01T00:00:00.000Z')
      .where('orders.created_at', '<', '2026-11-16T00:00:00.000Z')
      .where('orders.status', '=', 'paid')
      .execute();
    const unitsOf = (id: string) =>
      lines.filter((line) => line.product_id === id).reduce((sum, line) => sum + line.quantity, 0);
    expect(summary.byProduct.map((row) => [row.productId, row.units])).toEqual([
      ['ebook-aba-for-parents', unitsOf('ebook-aba-for-parents')],
      ['ebook-aba-case-studies', unitsOf('ebook-aba-case-studies')],
    ]);
    expect(unitsOf('ebook-aba-for-parents')).toBe(2);
    for (const row of summary.byProduct) {
      expect(row.sales).toBe(
        lines
          .filter((line) => line.product_id === row.productId)
          .reduce((sum, line) => sum + line.quantity * line.unit_amount, 0),
      );
    }
  });

  it('are zero for a period without orders', async () => {
    const summary = salesSummarySchema.parse((await sales('from=2025-01-01&to=2025-01-31')).json());
    expect(summary.current).toEqual({
      orders: 0,
      revenue: 0,
      averageOrder: 0,
      tax: 0,
      refunds: 0,
      refunded: 0,
      newBuyers: 0,
      returningBuyers: 0,
    });
    expect(summary.byDay).toHaveLength(31);
    expect(summary.byProduct).toEqual([]);
  });

  it.each([
    ['from=2026-11-15&to=2026-11-01', 'Dati non validi (to): la fine è prima dell’inizio'],
    ['from=2026-02-30&to=2026-03-01', 'Dati non validi (from): un giorno che non esiste'],
    ['from=2025-01-01&to=2026-01-02', 'Dati non validi (to): un periodo di al massimo 366 giorni'],
    ['from=2026-11-01', 'Dati non validi (to): una data AAAA-MM-GG'],
    ['from=1%20Nov&to=2026-11-15', 'Dati non validi (from): una data AAAA-MM-GG'],
    ['from=9999-99-99&to=2026-11-15', 'Dati non validi (from): un giorno che non esiste'],
    ['from=2026-11-01&to=%2B20000-01-01', 'Dati non validi (to): una data AAAA-MM-GG'],
  ])('refuse %s with a 400 that says what is wrong', async (query, error) => {
    const response = await sales(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });
});
