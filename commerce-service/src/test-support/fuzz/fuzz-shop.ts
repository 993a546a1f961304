/**
 * A commerce app stocked for fuzzing: a signed-in customer and administrator, paid, open and
 * cancelled checkout sessions, download tokens of every kind, and the hints (by field name)
 * that point generated requests at them. Record changes are counted by triggers, so a test
 * can tell after each request whether it changed anything.
 */
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { signDownloadToken } from '../../modules/downloads/signing.ts';
import { CHILD_AGES, CONTACT_SUBJECTS } from '@aba-shop/contract';
import { createTestApp, signInByCode, type TestApp } from '../app.ts';
import { TEST_ENV } from '../database.ts';
import { watchRecordChanges } from '../record-changes.ts';
import { fuzzedRoutes, type FuzzedRoute } from '@aba-shop/test-kit/fuzz';
import type { FieldHints } from '@aba-shop/test-kit/fuzz';

export const SESSION_COOKIE = 'shop.session_token';
export const CUSTOMER = 'parent@example.com';
export const ADMIN = 'admin@example.com';

/** The shop's records that a refused request must leave alone. */
const WATCHED_TABLES = [
  'checkout_sessions',
  'orders',
  'order_lines',
  'entitlements',
  'subscription_records',
  'admin_actions',
  'webhook_events',
  'mail_outbox',
  'contact_submissions',
  'sign_in_code_requests',
  'user',
  'session',
] as const;

/** A signed-in identity, and its session row to put back when a fuzzed logout ends it. */
export interface Session {
  name: string;
  cookie: string;
  admin: boolean;
  row: Record<string, unknown>;
}

const sessionTable = sql.table('session');

async function signIn(t: TestApp, name: string, email: string): Promise<Session> {
  const cookie = await signInByCode(t, email);
  const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0];
  const { rows } = await sql<
    Record<string, unknown>
  >`select * from ${sessionTable} where token = ${token}`.execute(t.app.db);
  if (!rows[0]) throw new Error(`No session row for ${email}`);
  return { name, cookie, admin: email === ADMIN, row: rows[0] };
}

/** Puts a session back after a fuzzed logout ended it. */
export async function restoreSession(db: Kysely<Database>, { row }: Session) {
  const { rows } = await sql`select 1 from ${sessionTable} where id = ${row.id}`.execute(db);
  if (rows.length > 0) return;
  const columns = Object.keys(row);
  await sql`insert into ${sessionTable} (${sql.join(columns.map((column) => sql.ref(column)))})
    values (${sql.join(columns.map((column) => row[column]))})`.execute(db);
}

export interface Shop {
  t: TestApp;
  /** `table=changes …` for the watched tables. */
  recordChanges: () => Promise<string>;
  routes: FuzzedRoute[];
  sessions: Session[];
  hints: FieldHints;
  prices: Map<string, number>;
}

/** Starts a checkout the way the storefront does; returns the checkout session id. */
export async function startCheckout(t: TestApp, productId: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-checkout-session',
    payload: {
      products: [{ productId, quantity: 1 }],
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    },
  });
  const checkoutUrl = new URL((created.json() as { checkoutUrl: string }).checkoutUrl);
  // Embedded Checkout's pay page names the session in its query (modules/checkout/embedded.ts).
  return (
    checkoutUrl.searchParams.get('sessionId') ?? (checkoutUrl.pathname.split('/').pop() as string)
  );
}

/** Download tokens for each entitlement: valid, expired, for another file, for no purchase. */
async function downloadTokens(t: TestApp): Promise<string[]> {
  const entitlements = await t.app.db
    .selectFrom('entitlements')
    .select(['id', 'file_key'])
    .execute();
  const secret = TEST_ENV.DOWNLOAD_SIGNING_SECRET;
  const now = Math.floor(Date.now() / 1000);
  return entitlements.flatMap(({ id, file_key }) => [
    signDownloadToken({ entitlementId: id, fileKey: file_key, expiresAt: now + 3600 }, secret),
    signDownloadToken({ entitlementId: id, fileKey: file_key, expiresAt: now - 60 }, secret),
    signDownloadToken(
      { entitlementId: id, fileKey: 'other-book.pdf', expiresAt: now + 3600 },
      secret,
    ),
    signDownloadToken(
      { entitlementId: `${id}-gone`, fileKey: file_key, expiresAt: now + 3600 },
      secret,
    ),
  ]);
}

/**
 * Builds an app and stocks it with what the hints point at: `stock` makes the purchases and
 * checkout sessions (paid, open, cancelled) and returns their ids.
 */
export async function openShop(
  env: Record<string, string>,
  stock: (t: TestApp) => Promise<string[]>,
): Promise<Shop> {
  const registered: RouteOptions[] = [];
  // A copy: Fastify reuses a route's options object for its trailing-slash twin.
  const t = await createTestApp(env, { onRoute: (route) => void registered.push({ ...route }) });
  await t.app.ready();
  const routes = fuzzedRoutes(registered, (hook) => hook === t.app.requireAdmin);
  const sessions = [await signIn(t, 'customer', CUSTOMER), await signIn(t, 'admin', ADMIN)];
  const products = (await t.app.inject({ url: '/api/products' })).json() as {
    id: string;
    price: number;
  }[];
  const sessionIds = await stock(t);
  const orderIds = (await t.app.db.selectFrom('orders').select('id').execute()).map(
    (order) => order.id,
  );
  const tokens = await downloadTokens(t);
  const tampered = tokens.map(
    (token) => `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
  );
  /** Mostly what the shop accepts, sometimes what it must refuse. */
  const mostly = <T>(accepted: T[], refused: T[]) =>
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...accepted) }, fc.constantFrom(...refused));
  const sitePaths = mostly(
    ['/checkout/success', '/checkout/cancel', '/thank-you/ebook-aba-for-parents'],
    ['//evil.example', 'https://evil.example/x', '/\\evil.example', '/%2F%2Fevil.example'],
  );
  const shopUrl = t.database.config.STOREFRONT_URL;
  const hints: FieldHints = {
    productId: fc.constantFrom(...products.map((product) => product.id)),
    sessionId: fc.constantFrom(...sessionIds, 'cs_test_unknown'),
    session_id: fc.constantFrom(...sessionIds, 'cs_local_unknown'),
    id: fc.oneof(
      fc.constantFrom(...sessionIds, 'cs_test_unknown'),
      // Record ids: the ones stocked, and those the fuzzed admin requests create.
      fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constant(999_999)),
    ),
    // The support console's orders, and what its search box is given.
    orderId: fc.constantFrom(...orderIds, 'ord_unknown'),
    q: fc.constantFrom(...sessionIds, ...orderIds, CUSTOMER, ` ${CUSTOMER.toUpperCase()} `, ''),
    email: fc.constantFrom(CUSTOMER, ADMIN, ` ${CUSTOMER.toUpperCase()} `),
    user_id: fc.constantFrom(CUSTOMER, ADMIN),
    token: mostly(tokens.length > 0 ? tokens : ['x.y'], [...tampered, 'x.y', '.']),
    successRouter: sitePaths,
    cancelRouter: sitePaths,
    originUrl: mostly(
      [shopUrl, `${shopUrl}/login?next=/account`],
      ['https://evil.example', 'javascript:alert(1)'],
    ),
    otp: fc.constantFrom('000000', '123456'),
    formId: fc.constant('contact_form'),
    subject: fc.constantFrom(...CONTACT_SUBJECTS),
    child_age: fc.constantFrom(...CHILD_AGES, ''),
    website: mostly([''], ['http://spam.example']),
    payment_intent: fc.constantFrom('pi_unknown', ...sessionIds.map((id) => `pi_${id}`)),
  };
  return {
    t,
    recordChanges: await watchRecordChanges(t.app.db, WATCHED_TABLES),
    routes,
    sessions,
    hints,
    prices: new Map(products.map((product) => [product.id, product.price])),
  };
}
