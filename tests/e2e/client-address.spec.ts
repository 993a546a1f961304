/**
 * Per-visitor limits count the address the storefront saw, never one a client wrote into
 * X-Forwarded-For (ADR 0010). On a shop of its own, so that the shared shop's chat and
 * sign-in budgets stay untouched: its storefront trusts no proxy, as `npm start` runs it, and
 * a second storefront on the same commerce service declares this machine a trusted proxy, as
 * a storefront behind nginx does.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { startShopOnCms, startStorefront, type RunningStack } from '../support/stack.js';

/** Chat messages a minute, and sign-in codes in ten minutes, that one visitor may ask for. */
const LIMIT = 10;
const allowedThenRefused = (refused: number) => [
  ...Array<number>(LIMIT).fill(200),
  ...Array<number>(refused).fill(429),
];

const chat = (request: APIRequestContext, base: string, forwardedFor: string) =>
  request.post(`${base}/api/chat`, {
    headers: { 'x-forwarded-for': forwardedFor },
    data: { message: 'How much does it cost?' },
  });

// No Origin: a script, not a page of another site, so the commerce service serves both
// storefronts' requests.
const sendOtp = (request: APIRequestContext, base: string, email: string, forwardedFor: string) =>
  request.post(`${base}/api/send-otp`, {
    headers: { 'x-forwarded-for': forwardedFor },
    data: { email },
  });

/** Sends the requests one after the other; their statuses in order. */
async function statusesOf(requests: (() => Promise<APIResponse>)[]) {
  const statuses: number[] = [];
  for (const send of requests) statuses.push((await send()).status());
  return statuses;
}

const times = <T>(count: number, make: (n: number) => T) =>
  Array.from({ length: count }, (_, n) => make(n));

test.describe('client addresses', () => {
  test.describe.configure({ timeout: 60_000 });
  let shop: RunningStack;
  let behindProxy: { url: string; stop(): Promise<void> };

  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    test.skip(Boolean(testInfo.project.use.isMobile), 'One own shop per run is enough.');
    testInfo.setTimeout(240_000);
    const cmsPort = Number(new URL(process.env.E2E_CMS_URL as string).port);
    shop = await startShopOnCms({ cmsPort });
    behindProxy = await startStorefront({
      dataDir: shop.dataDir,
      cmsPort,
      commercePort: Number(new URL(shop.urls.commerce).port),
      env: { TRUSTED_PROXIES: 'loopback' },
    });
  });

  test.afterAll(async () => {
    await behindProxy?.stop();
    await shop?.stop();
  });

  test('fourteen chat messages in a minute, each with another forged X-Forwarded-For, meet a 429 after the tenth', async ({
    request,
  }) => {
    const base = shop.urls.storefront;
    const statuses = await statusesOf(
      times(14, (n) => () => chat(request, base, `198.51.100.${n + 1}`)),
    );
    expect(statuses).toEqual(allowedThenRefused(4));
  });

  test('eleven sign-in code requests, each with another forged X-Forwarded-For, meet a 429', async ({
    request,
  }) => {
    const base = shop.urls.storefront;
    const statuses = await statusesOf(
      times(
        LIMIT + 1,
        (n) => () => sendOtp(request, base, `forger${n}@example.com`, `198.51.100.${n + 101}`),
      ),
    );
    expect(statuses).toEqual(allowedThenRefused(1));
  });

  test('behind a trusted proxy, each address it forwards has a budget of its own', async ({
    request,
  }) => {
    const base = behindProxy.url;
    const [first, second] = ['203.0.113.50', '203.0.113.51'];
    expect(await statusesOf(times(LIMIT + 1, () => () => chat(request, base, first)))).toEqual(
      allowedThenRefused(1),
    );
    expect((await chat(request, base, second)).status()).toBe(200);

    const code = (n: number, address: string) => () =>
      sendOtp(request, base, `behind.proxy${n}@example.com`, address);
    expect(await statusesOf(times(LIMIT + 1, (n) => code(n, first)))).toEqual(
      allowedThenRefused(1),
    );
    expect((await code(LIMIT + 1, second)()).status()).toBe(200);
  });
});
