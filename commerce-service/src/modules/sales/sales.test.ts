/**
 * The owner's sales figures (docs/product.md#sales-figures): orders bought through the test
 * checkout, then moved to the days the test needs; every figure is checked against what the
 * test adds up from the orders table itself.
 */
import { salesSummarySchema, type SalesFigures } from '@aba-shop/contract';
import { buyLocally, createTestApp, signInByCode, type TestApp } from '../../test-support/app.ts';
import { applyMembershipState } from '../memberships/repository.ts';

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
  // A refunded order was refunded in full; one still paid may have had a line refunded.
  const refundedOf = (row: (typeof rows)[number]) =>
    row.status === 'refunded'
      ? { amount: row.amount_total, tax: row.amount_tax }
      : { amount: row.amount_refunded, tax: row.tax_refunded };
  const kept = rows.filter((row) => row.status === 'paid');
  const revenue = rows.reduce(
    (sum, row) =>
      sum + row.amount_total - row.amount_tax - refundedOf(row).amount + refundedOf(row).tax,
    0,
  );
  return {
    orders: rows.length,
    revenue,
    averageOrder: kept.length ? Math.round(revenue / kept.length) : 0,
    tax: rows.reduce((sum, row) => sum + row.amount_tax - refundedOf(row).tax, 0),
    refunds: rows.filter((row) => refundedOf(row).amount > 0).length,
    refunded: rows.reduce((sum, row) => sum + refundedOf(row).amount, 0),
  };
}

/** The order figures of a summary, without its memberships and way to payment. */
const orderFiguresOf = ({
  members: _members,
  funnel: _funnel,
  disputes: _disputes,
  disputed: _disputed,
  disputesLost: _lost,
  ...figures
}: SalesFigures) => figures;

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
    expect(orderFiguresOf(summary.current)).toEqual({
      ...current,
      newBuyers: 2,
      returningBuyers: 1,
    });
    expect(summary.current.funnel.paid).toBe(3);
    const previous = await expectedOf('2026-10-17T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
    expect(previous.orders).toBe(1);
    expect(orderFiguresOf(summary.previous)).toEqual({
      ...previous,
      newBuyers: 1,
      returningBuyers: 0,
    });
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
    expect(orderFiguresOf(summary.current)).toEqual({
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

  it('take off what was refunded of one line, from the revenue, the tax and its product', async () => {
    await order(BOTH, 'dee@example.com', '2026-12-05T10:00:00.000Z', { tax: 300 });
    const before = salesSummarySchema.parse((await sales('from=2026-12-01&to=2026-12-15')).json());
    const placed = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('email', '=', 'dee@example.com')
      .executeTakeFirstOrThrow();
    const line = await t.app.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', placed.id)
      .where('product_id', '=', 'ebook-aba-case-studies')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('order_lines')
      .set({ refunded_at: '2026-12-06T08:00:00.000Z' })
      .where('id', '=', line.id)
      .execute();
    await t.app.db
      .updateTable('orders')
      .set({ amount_refunded: line.unit_amount + 150, tax_refunded: 150 })
      .where('id', '=', placed.id)
      .execute();

    const after = salesSummarySchema.parse((await sales('from=2026-12-01&to=2026-12-15')).json());
    const expected = await expectedOf('2026-12-01T00:00:00.000Z', '2026-12-16T00:00:00.000Z');
    expect(orderFiguresOf(after.current)).toEqual({
      ...expected,
      newBuyers: 1,
      returningBuyers: 0,
    });
    expect(after.current.revenue).toBe(before.current.revenue - line.unit_amount);
    expect(after.current.tax).toBe(300 - 150);
    expect(after.current).toMatchObject({ refunds: 1, refunded: line.unit_amount + 150 });
    expect(after.byProduct.map((row) => [row.productId, row.units])).toEqual([
      ['ebook-aba-for-parents', 1],
    ]);
  });

  it("keep a day's figures when its orders are deleted at the end of their retention", async () => {
    await order(PARENTS, 'old@example.com', '2026-12-07T10:00:00.000Z');
    const before = await sales('from=2026-12-01&to=2026-12-15');
    const placed = t.app.db
      .selectFrom('orders')
      .select('id')
      .where('email', '=', 'old@example.com');
    await t.app.db.deleteFrom('entitlements').where('order_id', 'in', placed).execute();
    await t.app.db.deleteFrom('order_lines').where('order_id', 'in', placed).execute();
    await t.app.db.deleteFrom('orders').where('email', '=', 'old@example.com').execute();
    expect((await sales('from=2026-12-01&to=2026-12-15')).json()).toEqual(before.json());
  });

  it('count memberships running, begun and cancelled, their churn and monthly revenue', async () => {
    const membership = (id: string, started: string, ended: string | null) => ({
      subscription_id: id,
      customer_id: null,
      status: ended ? ('canceled' as const) : ('active' as const),
      current_period_end: null,
      cancel_at_period_end: 0,
      state_at: 0,
      updated_at: ended ?? started,
      started_at: `${started}T12:00:00.000Z`,
      ended_at: ended ? `${ended}T12:00:00.000Z` : null,
    });
    // 1 to 15 January 2027: two running throughout, one cancelled in it, one begun, one begun
    // and cancelled, one over before and one begun after.
    await t.app.db
      .insertInto('memberships')
      .values([
        membership('sub_figures_1', '2026-10-01', null),
        membership('sub_figures_2', '2026-09-01', null),
        membership('sub_figures_3', '2026-12-20', '2027-01-10'),
        membership('sub_figures_4', '2027-01-03', null),
        membership('sub_figures_5', '2027-01-04', '2027-01-12'),
        membership('sub_figures_6', '2026-08-01', '2026-11-01'),
        membership('sub_figures_7', '2027-01-20', null),
      ])
      .execute();
    const plan = await t.app.db
      .selectFrom('products')
      .select('price_cents')
      .where('type', '=', 'subscription')
      .executeTakeFirstOrThrow();
    const summary = salesSummarySchema.parse((await sales('from=2027-01-01&to=2027-01-15')).json());
    expect(summary.current.members).toEqual({
      active: 3,
      activeAtStart: 3,
      started: 2,
      cancelled: 2,
      churn: 0.6667,
      mrr: 3 * plan.price_cents,
    });
    expect(plan.price_cents).toBeGreaterThan(0);
    // 17 to 31 December: 1, 2 and 3 running at the end, 3 begun.
    expect(summary.previous.members).toMatchObject({
      active: 3,
      activeAtStart: 2,
      started: 1,
      cancelled: 0,
    });
  });

  it('date a membership from the first word of it, and its end from its cancellation', async () => {
    await applyMembershipState(t.app.db, { subscriptionId: 'sub_dated', status: 'active' }, 100);
    const begun = await t.app.db
      .selectFrom('memberships')
      .select(['started_at', 'ended_at'])
      .where('subscription_id', '=', 'sub_dated')
      .executeTakeFirstOrThrow();
    expect(begun.ended_at).toBeNull();
    expect(Date.now() - Date.parse(begun.started_at ?? '')).toBeLessThan(60_000);
    await applyMembershipState(t.app.db, { subscriptionId: 'sub_dated', status: 'canceled' }, 200);
    const ended = await t.app.db
      .selectFrom('memberships')
      .select(['started_at', 'ended_at'])
      .where('subscription_id', '=', 'sub_dated')
      .executeTakeFirstOrThrow();
    expect(ended.started_at).toBe(begun.started_at);
    expect(ended.ended_at).not.toBeNull();
  });

  it('count views of the shop page and checkouts started by the day, and nothing of who', async () => {
    for (let view = 0; view < 3; view += 1) {
      const counted = await t.app.inject({ method: 'POST', url: '/api/funnel/shop-view' });
      expect(counted.statusCode).toBe(204);
      expect(counted.headers['set-cookie']).toBeUndefined();
    }
    const today = new Date().toISOString().slice(0, 10);
    const startedToday = await t.app.db
      .selectFrom('checkout_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', `${today}T00:00:00.000Z`)
      .executeTakeFirstOrThrow();
    const summary = salesSummarySchema.parse((await sales(`from=${today}&to=${today}`)).json());
    expect(summary.current.funnel).toEqual({
      shopViews: 3,
      checkoutsStarted: Number(startedToday.n),
      paid: 0,
    });
    expect(Number(startedToday.n)).toBeGreaterThanOrEqual(8);
    expect(await t.app.db.selectFrom('funnel_days').selectAll().execute()).toEqual(
      expect.arrayContaining([{ day: today, step: 'shop_view', count: 3 }]),
    );
  });

  it('count the disputes opened in the period, what they took back and those lost', async () => {
    const placed = await t.app.db
      .selectFrom('orders')
      .select(['id', 'amount_total'])
      .where('email', '=', 'bea@example.com')
      .executeTakeFirstOrThrow();
    const dispute = (id: string, createdAt: string, outcome: string | null) => ({
      id,
      order_id: placed.id,
      charge_id: null,
      reason: 'fraudulent',
      amount: placed.amount_total,
      currency: 'usd',
      status: outcome ?? 'needs_response',
      evidence_due_by: null,
      evidence_submitted_at: null,
      evidence_submitted_by: null,
      outcome,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await t.app.db
      .insertInto('disputes')
      .values([
        dispute('dp_figures_lost', '2026-11-05T10:00:00.000Z', 'lost'),
        dispute('dp_figures_open', '2026-11-15T23:00:00.000Z', null),
        dispute('dp_figures_later', '2026-11-16T00:00:00.000Z', null),
      ])
      .execute();
    const summary = salesSummarySchema.parse((await sales('from=2026-11-01&to=2026-11-15')).json());
    expect(summary.current).toMatchObject({
      disputes: 2,
      disputed: 2 * placed.amount_total,
      disputesLost: 1,
    });
    expect(summary.previous).toMatchObject({ disputes: 0, disputed: 0, disputesLost: 0 });
  });

  it("export a period's orders as CSV for the accountant, oldest first, one row an order", async () => {
    const signedOut = await t.app.inject({
      url: '/api/admin/sales/orders.csv?from=2026-11-01&to=2026-11-15',
    });
    expect(signedOut.statusCode).toBe(401);
    const response = await t.app.inject({
      url: '/api/admin/sales/orders.csv?from=2026-11-01&to=2026-11-15',
      headers: { cookie: admin },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ordini-2026-11-01-2026-11-15.csv"',
    );
    const [header, ...rows] = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(header).toBe(
      'data,riferimento,ordine,email,stato,valuta,subtotale,sconto,imposta,totale,rimborsato,imposta rimborsata,prodotti',
    );
    const orders = await t.app.db
      .selectFrom('orders')
      .selectAll()
      .where('created_at', '>=', '2026-11-01T00:00:00.000Z')
      .where('created_at', '<', '2026-11-16T00:00:00.000Z')
      .orderBy('created_at')
      .execute();
    expect(rows).toHaveLength(orders.length);
    expect(rows.map((row) => row.split(',')[3])).toEqual(orders.map((order) => order.email));
    const orderOf = (email: string) => {
      const found = orders.find((order) => order.email === email);
      if (!found) throw new Error(`no order of ${email}`);
      return found;
    };
    const bea = orderOf('bea@example.com');
    const beaLines = await t.app.db
      .selectFrom('order_lines')
      .select(['product_name', 'quantity'])
      .where('order_id', '=', bea.id)
      .orderBy('product_name')
      .execute();
    const money = (cents: number | null) => ((cents ?? 0) / 100).toFixed(2);
    const products = beaLines.map((line) => `${line.product_name} x ${line.quantity}`).join('; ');
    expect(rows[1]).toBe(
      [
        bea.created_at,
        bea.number,
        bea.id,
        'bea@example.com',
        'pagato',
        'USD',
        money(bea.amount_subtotal),
        money(bea.amount_discount),
        '2.50',
        money(bea.amount_total),
        '0.00',
        '0.00',
        products.includes(',') ? `"${products}"` : products,
      ].join(','),
    );
    const cy = orderOf('cy@example.com');
    expect(rows[2]).toContain(
      `,rimborsato,USD,${money(cy.amount_subtotal)},${money(cy.amount_discount)},0.00,${money(cy.amount_total)},${money(cy.amount_total)},0.00,`,
    );
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
