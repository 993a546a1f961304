/**
 * Fills a migrated commerce database with a shop that has sold for two years, for
 * bench/support-console.mjs: paid orders with their lines, entitlements and checkout sessions
 * as fulfilment writes them (modules/orders/fulfilment.ts), their download log, buyers who came back, and
 * subscription records with their memberships. Multi-row inserts through Kysely, one
 * transaction per batch, so SQLite and PostgreSQL are seeded by the same code. Deterministic:
 * the same seed gives the same shop (ids included), so two runs compare like with like.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { markFirstOrders } =
  await import('../../commerce-service/dist/db/migrations/0015-sales-figures.js');
const products = JSON.parse(
  readFileSync(path.join(here, '../../commerce-service/data/products.json'), 'utf8'),
);
const EBOOKS = products.filter((product) => product.type === 'digital');
const MEMBERSHIP = products.find((product) => product.type === 'subscription');

const DAY_MS = 86_400_000;
const TWO_YEARS_MS = 730 * DAY_MS;
/** Rows per insert: under SQLite's 32,766 and PostgreSQL's 65,535 parameters per statement. */
const BATCH = 1000;

const FIRST_NAMES =
  'anna luca sara marco giulia paolo chiara davide elena matteo laura andrea maria john emily david sophie james olivia'.split(
    ' ',
  );
const LAST_NAMES =
  'rossi bianchi romano colombo ricci marino greco bruno gallo conti smith jones brown taylor wilson evans'.split(
    ' ',
  );
const DOMAINS =
  'gmail.com yahoo.com outlook.com libero.it hotmail.com icloud.com example.org'.split(' ');

/** mulberry32: a small seeded generator, so every run makes the same shop. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @param {import('kysely').Kysely<any>} db a migrated commerce database, empty of orders
 * @param {{ orders: number, records: number, addresses: number, now?: number, seed?: number }} size
 * @returns the shop's buyers' addresses (index = address number), for the searches
 */
export async function seedSupportConsole(
  db,
  { orders, records, addresses, now = Date.now(), seed = 19 },
) {
  const random = seededRandom(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const hex = (length) => {
    let text = '';
    while (text.length < length) {
      text += Math.floor(random() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    }
    return text.slice(0, length);
  };
  // Rows are written in time order, as a shop writes them, each batch a slice of the two years.
  const batches = Math.ceil(orders / BATCH);
  let slice = 0;
  const when = () => now - TWO_YEARS_MS + Math.floor(((slice + random()) / batches) * TWO_YEARS_MS);
  const iso = (ms) => new Date(ms).toISOString();

  const emails = Array.from(
    { length: addresses },
    (_, n) => `${pick(FIRST_NAMES)}.${pick(LAST_NAMES)}${n}@${pick(DOMAINS)}`,
  );
  // Every address buys once; the orders beyond that go to buyers who come back.
  const buyer = (n) => emails[n < addresses ? n : Math.floor(random() * addresses)];

  function membershipOf(subscriptionId, createdAt) {
    const roll = random();
    const status = roll < 0.7 ? 'active' : roll < 0.75 ? 'past_due' : 'canceled';
    return {
      subscription_id: subscriptionId,
      customer_id: `cus_${hex(14)}`,
      status,
      current_period_end: iso(Math.max(createdAt, now - 30 * DAY_MS) + 30 * DAY_MS),
      cancel_at_period_end: status === 'active' && random() < 0.1 ? 1 : 0,
      state_at: Math.floor(createdAt / 1000),
      updated_at: iso(createdAt),
      // Begun with its purchase; a cancelled one ended one to eleven months later.
      started_at: iso(createdAt),
      ended_at:
        status === 'canceled'
          ? iso(Math.min(now, createdAt + (1 + Math.floor(random() * 11)) * 30 * DAY_MS))
          : null,
    };
  }

  /** One order as fulfilment writes it, with the rows that come with it. */
  function order(n) {
    const email = buyer(n);
    const createdAt = when();
    const membershipOnly = random() < 0.08;
    const lines = membershipOnly
      ? [MEMBERSHIP]
      : [...EBOOKS].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
    const checkoutLines = lines.map((product) => ({
      productId: product.id,
      name: product.name,
      type: product.type,
      quantity: !membershipOnly && random() < 0.1 ? 2 : 1,
      unitAmount: product.price_cents,
    }));
    const subtotal = checkoutLines.reduce((sum, line) => sum + line.quantity * line.unitAmount, 0);
    const discount = random() < 0.1 ? Math.round(subtotal / 10) : 0;
    const refunded = random() < 0.02;
    const id = `ord_${hex(32)}`;
    const sessionId = `cs_live_${hex(40)}`;
    const paymentIntentId = `pi_${hex(24)}`;
    const customerId = `cus_${hex(14)}`;
    const createdIso = iso(createdAt);
    const subscriptionId = membershipOnly ? `sub_${hex(24)}` : null;

    const seen = new Set();
    const entitlements = lines.flatMap((product) =>
      product.file_keys
        .filter((fileKey) => !seen.has(fileKey) && seen.add(fileKey))
        .map((fileKey) => ({
          id: `ent_${hex(32)}`,
          order_id: id,
          product_id: product.id,
          file_key: fileKey,
          revoked_at: refunded ? iso(createdAt + 5 * DAY_MS) : null,
          created_at: createdIso,
        })),
    );
    // Each file downloaded none to six times in the month after the order: the log support's
    // view counts them from.
    const downloads = entitlements.flatMap((entitlement) =>
      Array.from({ length: random() < 0.2 ? 0 : 1 + Math.floor(random() * 6) }, () => ({
        id: crypto.randomUUID(),
        entitlement_id: entitlement.id,
        order_id: id,
        file_key: entitlement.file_key,
        at: iso(Math.min(now, createdAt + Math.floor(random() * 30 * DAY_MS))),
        client_ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (bench)',
      })),
    );
    return {
      order: {
        id,
        checkout_session_id: sessionId,
        email,
        amount_subtotal: subtotal,
        amount_discount: discount,
        amount_tax: 0,
        amount_total: subtotal - discount,
        currency: 'usd',
        payment_intent_id: paymentIntentId,
        terms_accepted_at: createdIso,
        status: refunded ? 'refunded' : 'paid',
        created_at: createdIso,
      },
      session: {
        id: sessionId,
        provider: 'stripe',
        status: 'paid',
        mode: membershipOnly ? 'subscription' : 'payment',
        currency: 'usd',
        amount_total: subtotal - discount,
        lines: JSON.stringify(checkoutLines),
        success_path: '/checkout/success',
        cancel_path: '/checkout/cancel',
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
        customer_email: email,
        customer_id: customerId,
        payment_intent_id: paymentIntentId,
        created_at: createdIso,
        paid_at: createdIso,
      },
      lines: checkoutLines.map((line) => ({
        id: crypto.randomUUID(),
        order_id: id,
        product_id: line.productId,
        product_name: line.name,
        product_type: line.type,
        quantity: line.quantity,
        unit_amount: line.unitAmount,
      })),
      entitlements,
      downloads,
      record: membershipOnly
        ? {
            user_id: customerId,
            email,
            session_id: sessionId,
            subscription_id: subscriptionId,
            created_at: createdIso,
          }
        : null,
      membership: membershipOnly ? membershipOf(subscriptionId, createdAt) : null,
    };
  }

  /**
   * A record not made by a purchase in these orders: one an administrator typed in (no
   * provider subscription) or one from before the shop kept orders.
   */
  function standaloneRecord(n) {
    const email = pick(emails);
    const createdAt = when();
    const byHand = random() < 0.4;
    const subscriptionId = byHand ? null : `sub_${hex(24)}`;
    return {
      record: {
        user_id: byHand ? email : `cus_${hex(14)}`,
        email,
        session_id: `cs_live_${hex(36)}${n.toString(36)}`,
        subscription_id: subscriptionId,
        created_at: iso(createdAt),
      },
      membership: subscriptionId ? membershipOf(subscriptionId, createdAt) : null,
    };
  }

  const insert = async (trx, table, rows) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto(table)
        .values(rows.slice(start, start + BATCH))
        .execute();
    }
  };

  let recordCount = 0;
  for (slice = 0; slice < batches; slice += 1) {
    const start = slice * BATCH;
    const made = Array.from({ length: Math.min(BATCH, orders - start) }, (_, i) =>
      order(start + i),
    );
    const paid = made.filter((item) => item.record);
    // The records of the same days: the purchases' own, then the others up to this slice's share.
    const sliceRecords = Math.round((records * (slice + 1)) / batches) - recordCount;
    const others = Array.from({ length: Math.max(0, sliceRecords - paid.length) }, (_, i) =>
      standaloneRecord(recordCount + paid.length + i),
    );
    const recordRows = [...paid, ...others];
    // Object order is insert order: an order before its lines and entitlements (foreign keys).
    const tables = {
      checkout_sessions: made.map((item) => item.session),
      orders: made.map((item) => item.order),
      order_lines: made.flatMap((item) => item.lines),
      entitlements: made.flatMap((item) => item.entitlements),
      download_events: made.flatMap((item) => item.downloads),
      subscription_records: recordRows.map((item) => item.record),
      memberships: recordRows.filter((item) => item.membership).map((item) => item.membership),
    };
    await db.transaction().execute(async (trx) => {
      for (const [table, rows] of Object.entries(tables)) await insert(trx, table, rows);
    });
    recordCount += recordRows.length;
  }
  // Each address's earliest order was its first, as fulfilment marks it when it is placed (the
  // orders are made here in no order of time, so they are marked once all are in).
  await markFirstOrders(db);
  return emails;
}
