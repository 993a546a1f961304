/**
 * The front's access log keeps no secret a request carries (docs/product.md#access-log):
 * nginx, configured by the very docker/nginx/shop.conf that compose mounts, in front of the
 * shared shop's storefront. A download link's token, a local checkout's id, query strings
 * (a checkout's session id), cookies and the Referer never reach the log; the request is
 * still there, masked, with its status.
 */
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { findNginx, requestsInLog, startFront, type RunningFront } from '../support/front.js';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');
test.skip(
  !findNginx() && !process.env.CI,
  'nginx is not installed here (`apt-get install nginx`), so the front is not tested.',
);

const TOKEN = 'eyJlIjoiZW50XzEifQ.SecretDownloadTokenSignature123';
const SESSION_ID = 'cs_test_SecretCheckoutSession456';
const SESSION_COOKIE = 'SecretSessionCookieValue789';

let front: RunningFront;

test.beforeAll(async () => {
  front = await startFront({
    storefrontPorts: [Number(new URL(process.env.E2E_STOREFRONT_URL ?? '').port)],
  });
});

test.afterAll(async () => {
  await front?.stop();
});

/** A GET through nginx with the headers a browser would send; resolves with its status. */
function get(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${front.url}${path}`, { headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

test('a download token, a checkout session id and a session cookie never reach the log', async () => {
  const browserHeaders = {
    cookie: `shop.session_token=${SESSION_COOKIE}`,
    referer: `${front.url}/checkout/success?session_id=${SESSION_ID}`,
  };
  const statuses = [
    await get(`/api/downloads/${TOKEN}`, browserHeaders),
    await get(`/api/downloads/${TOKEN}?download=1`, browserHeaders),
    await get(`/checkout/success?session_id=${SESSION_ID}`, browserHeaders),
    await get(`/api/checkout/local/${SESSION_ID}`, browserHeaders),
    await get(`/api/products/purchase-detail?sessionId=${SESSION_ID}`, browserHeaders),
  ];
  // The token is forged: the shop answers it, and the log must still not keep it.
  expect(statuses[0]).toBe(403);

  await expect
    .poll(() => requestsInLog(front.log()).length, { message: 'every request is logged' })
    .toBeGreaterThanOrEqual(statuses.length);
  const log = front.log();
  await test.info().attach('nginx.log', { body: log, contentType: 'text/plain' });
  for (const secret of [TOKEN, 'SecretDownloadToken', SESSION_ID, SESSION_COOKIE]) {
    expect(log, `the log holds ${secret}`).not.toContain(secret);
  }
  expect(log).not.toContain('?');

  const logged = requestsInLog(log).map(({ status, path }) => `${status} ${path}`);
  expect(logged).toEqual(
    expect.arrayContaining([
      '403 /api/downloads/[token]',
      `${statuses[2]} /checkout/success`,
      `${statuses[3]} /api/checkout/local/[id]`,
      `${statuses[4]} /api/products/purchase-detail`,
    ]),
  );
});
