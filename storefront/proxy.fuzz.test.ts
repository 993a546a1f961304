/** @jest-environment node */
/**
 * Property-based fuzzing of proxy.ts with generated paths and query strings (at least 5,000
 * that its matcher lets through; FUZZ_RUNS for more, FUZZ_SEED to replay): the proxy
 * answers without throwing, sends `/uploads/*` to the CMS and every other `/api/*` path to the
 * commerce service with the path and query unchanged, never to any other host, and keeps the
 * storefront's own API routes on the storefront.
 */
import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { fuzzParameters, hostilePathSegment, hostileQueryString } from '@aba-shop/test-kit/fuzz';
import { isStorefrontApiRoute, STOREFRONT_API_ROUTES } from './lib/commerce/api-proxy';
import { config, proxy } from './proxy';

const SITE = 'http://127.0.0.1:3000';
const CMS = 'http://127.0.0.1:1337';
const COMMERCE = 'http://127.0.0.1:4000';
Object.assign(process.env, { SITE_URL: SITE, CMS_URL: CMS, COMMERCE_URL: COMMERCE });

const parameters = fuzzParameters();

/** Mostly paths the matcher hands to the proxy, some that it must not. */
const prefix = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '/api/',
      '/uploads/',
      '/api//',
      '/api/%2e%2e/',
      '/uploads/..%2f',
      ...STOREFRONT_API_ROUTES.map((route) => `${route}/`),
      ...STOREFRONT_API_ROUTES,
    ),
  },
  fc.constantFrom('/api', '/', '//', '/API/', '/apix/', '/uploadsx/'),
);
const segment = fc.oneof(
  fc.webSegment(),
  hostilePathSegment,
  fc.constantFrom('api', 'uploads', 'chat', 'blogposts', 'products', '..', '.', '', '\\', '%2F'),
);
/** URLs that the matcher hands to the proxy (others never reach it). */
const urls = fc
  .tuple(prefix, fc.array(segment, { maxLength: 5 }), fc.option(hostileQueryString))
  .map(
    ([start, segments, query]) => `${SITE}${start}${segments.join('/')}${query ? `?${query}` : ''}`,
  )
  .filter((url) => unstable_doesMiddlewareMatch({ config, url }));

type Outcome = 'stays on the storefront' | 'to the commerce service' | 'to the CMS';

/** The proxy forwards with fetch: record where to, and answer as the service would. */
let forwardedTo: string | null = null;
beforeEach(() => {
  forwardedTo = null;
  global.fetch = jest.fn(async (target: string | URL | Request) => {
    forwardedTo = String(target instanceof Request ? target.url : target);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

it('sends every matched path to the right service, unchanged, and nowhere else', async () => {
  const outcomes = new Map<Outcome, number>();
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(urls, async (url) => {
      const count = (outcome: Outcome) => {
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      };
      const request = new NextRequest(url);
      const { pathname, search } = request.nextUrl;
      forwardedTo = null;
      await proxy(request);
      const rewritten = forwardedTo as string | null;
      if (rewritten === null) {
        // Nothing else is left to the storefront: its own routes, or what is not an API path.
        expect(isStorefrontApiRoute(pathname) || !/^\/(api|uploads)\//.test(pathname)).toBe(true);
        return count('stays on the storefront');
      }
      const target = new URL(rewritten);
      const toCms = pathname.startsWith('/uploads/');
      expect(target.origin).toBe(toCms ? CMS : COMMERCE);
      expect(`${target.pathname}${target.search}`).toBe(`${pathname}${search}`);
      if (!toCms) expect(isStorefrontApiRoute(pathname)).toBe(false);
      count(toCms ? 'to the CMS' : 'to the commerce service');
    }),
    parameters,
  );
  const runs = [...outcomes.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    [
      `proxy.ts fuzzing: ${runs} generated URLs in ${((performance.now() - started) / 1000).toFixed(1)} s${parameters.seed === undefined ? '' : `, seed ${parameters.seed}`}`,
      ...[...outcomes].map(([outcome, n]) => `  ${outcome}: ${n}`),
    ].join('\n'),
  );
  expect(runs).toBeGreaterThanOrEqual(parameters.numRuns ?? 0);
  expect(outcomes.get('to the commerce service')).toBeGreaterThan(0);
  expect(outcomes.get('to the CMS')).toBeGreaterThan(0);
});
