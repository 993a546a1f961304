/** @jest-environment node */
/**
 * Property-based fuzzing of `/admin`, the overview written on the server (ADR 0038): generated
 * query strings and cookies, while a stubbed fetch plays the commerce service, answering the
 * session, the figures and the health each its own way (an administrator, another account,
 * nobody, a refusal, a failure, garbage, figures whose names are hostile). Properties: no 5xx;
 * either the page as HTML or the way to sign in and back; the cookie goes to the commerce
 * service only, and only the visitor's own; figures only for an administrator the API let
 * through; no value from the service or the address ever becomes markup.
 */
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import type { CurrentUser, SalesSummary, ShopHealth } from '@aba-shop/contract';
import {
  cookieHeader,
  fuzzParameters,
  hostileJsonValue,
  hostileQueryString,
  hostileText,
} from '@aba-shop/test-kit/fuzz';
import { GET } from './route';

const SITE = 'http://127.0.0.1:3000';
const COMMERCE_URL = 'http://commerce.fuzz.test:4000';
Object.assign(process.env, { SITE_URL: SITE, COMMERCE_URL });

const ADMIN: CurrentUser = { id: 'a1', email: 'admin@example.com', name: null, isAdmin: true };

type Reply = { status: number; body: unknown } | 'no answer';

const refusal = (status: number): Reply => ({ status, body: { error: 'Negato' } });
const failure: fc.Arbitrary<Reply> = fc.oneof(
  fc.constantFrom<Reply>('no answer', refusal(401), refusal(403), refusal(500), refusal(503)),
  hostileJsonValue.map((body) => ({ status: 200, body })),
);

const user: fc.Arbitrary<Reply> = fc.oneof(
  fc.constant<Reply>({ status: 200, body: ADMIN }),
  fc.constant<Reply>({ status: 200, body: null }),
  hostileText.map((email) => ({ status: 200, body: { ...ADMIN, email, isAdmin: false } })),
  failure,
);

const count = fc.integer({ min: 0, max: 1_000_000 });
const figures = fc.record({
  orders: count,
  revenue: count,
  averageOrder: count,
  tax: count,
  refunds: count,
  refunded: count,
  newBuyers: count,
  returningBuyers: count,
  disputes: count,
  disputed: count,
  disputesLost: count,
  members: fc.record({
    active: count,
    activeAtStart: count,
    started: count,
    cancelled: count,
    churn: fc.double({ min: 0, max: 1, noNaN: true }),
    mrr: count,
  }),
  funnel: fc.record({ shopViews: count, checkoutsStarted: count, paid: count }),
});
const summary: fc.Arbitrary<SalesSummary> = fc.record({
  currency: fc.constantFrom('usd', 'eur'),
  period: fc.constant({ from: '2026-11-01', to: '2026-11-03' }),
  previousPeriod: fc.constant({ from: '2026-10-29', to: '2026-10-31' }),
  current: figures,
  previous: figures,
  byDay: fc
    .array(fc.record({ orders: count, revenue: count }), { maxLength: 3 })
    .map((days) => days.map((day, index) => ({ ...day, day: `2026-11-0${index + 1}` }))),
  byProduct: fc.array(
    fc.record({ productId: fc.string(), name: hostileText, units: count, sales: count }),
    { maxLength: 3 },
  ),
});
const health: ShopHealth = {
  checkedAt: '2026-11-28T07:00:00.000Z',
  mailOutbox: { pending: 0, oldestAgeSeconds: null, failed: 0 },
  webhooks: { newestEventAgeSeconds: 300, failuresSinceStart: 0 },
  lastPublishAt: null,
  redis: 'up',
  cms: 'up',
  stampedPdfCache: { usedBytes: 0, freeBytes: 20 * 1024 ** 3 },
  jobs: [],
};

const scene = fc.record({
  query: fc.oneof(
    fc.constantFrom('', 'preset=last7', 'preset=last365', 'from=2026-01-01&to=2026-01-31'),
    hostileQueryString,
  ),
  cookie: fc.option(cookieHeader('aba.session_token'), { nil: undefined }),
  user,
  sales: fc.oneof(
    summary.map((body): Reply => ({ status: 200, body })),
    failure,
  ),
  health: fc.oneof(fc.constant<Reply>({ status: 200, body: health }), failure),
  errorText: hostileText,
});

const statusOf = (reply: Reply) => (reply === 'no answer' ? null : reply.status);

const PATHS: Record<string, 'user' | 'sales' | 'health'> = {
  '/api/users/me': 'user',
  '/api/admin/sales': 'sales',
  '/api/admin/health': 'health',
};

beforeAll(() => {
  // Failures are logged; the log is not what this test reads.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => jest.restoreAllMocks());

test('/admin answers every request with the page or the way to sign in, and leaks nothing', async () => {
  await fc.assert(
    fc.asyncProperty(scene, async ({ query, cookie, errorText, ...replies }) => {
      const asked: { url: string; cookie: string | undefined }[] = [];
      global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
        const address = new URL(String(url));
        asked.push({
          url: address.origin,
          cookie: (init?.headers as Record<string, string> | undefined)?.cookie,
        });
        const part = PATHS[address.pathname];
        const reply = part ? replies[part] : refusal(404);
        if (reply === 'no answer') throw new TypeError('fetch failed');
        // A refusal in the service's own words, which may be hostile too.
        const body =
          reply.status >= 400 ? { error: `${errorText}` } : (reply.body as object | null);
        return Response.json(body, { status: reply.status });
      });
      let headers: Headers;
      try {
        headers = new Headers(cookie === undefined ? {} : { cookie });
      } catch {
        return fc.pre(false); // no client can send that header
      }
      const answer = await GET(new NextRequest(`${SITE}/admin?${query}`, { headers }));
      const body = await answer.text();
      // As the header went on the wire: trimmed.
      const sent = headers.get('cookie') ?? undefined;

      expect(answer.status).toBeLessThan(500);
      // No name the service sent has written into every object of the process (ECharts' caches).
      expect(Object.keys(Object.prototype)).toEqual([]);
      for (const call of asked) {
        expect(call.url).toBe(COMMERCE_URL);
        expect(call.cookie).toBe(sent);
      }
      if (!sent) expect(asked).toHaveLength(0);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      if (answer.status === 307) {
        expect(answer.headers.get('location')).toBe('/login?redirect=/admin');
        return;
      }
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(body.startsWith('<!DOCTYPE html><html lang="it">')).toBe(true);
      // Nothing from the service or the address becomes markup: the page has no script at all.
      expect(body).not.toMatch(/<(script|iframe|img|object)\b/i);
      // Figures only when the API gave them, and refused neither them nor the health.
      if (body.includes('Dati del periodo')) {
        expect(statusOf(replies.sales)).toBe(200);
        expect([401, 403]).not.toContain(statusOf(replies.health));
        expect(replies.user).not.toEqual({ status: 200, body: null });
      }
    }),
    fuzzParameters(),
  );
});
