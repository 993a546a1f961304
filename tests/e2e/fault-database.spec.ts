/**
 * Faults (issue 8): the database breaks under a running commerce service. A SQLite file that
 * turns read-only (made immutable, which also stops root and the handles already open), and
 * PostgreSQL cut off behind a TCP proxy as a restart or a network failure would. While it is
 * broken the API answers a clear 503 in JSON, /readyz says not ready and the process stays up;
 * once the database is back, the same process serves again without a restart.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createPostgresDatabase, postgresServer } from '../support/commerce-database.js';
import { startCommerceService, type CommerceService } from '../support/stack.js';
import { startTcpRelay } from '@aba-shop/test-kit/tcp-relay';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const UNAVAILABLE = 'The service is temporarily unavailable';
/** The same, from the routes behind the Italian login page. */
const UNAVAILABLE_IN_ITALIAN =
  'Il servizio non è al momento disponibile: riprova tra qualche istante.';

const post = (commerce: CommerceService, route: string, body: unknown) =>
  fetch(`${commerce.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const checkout = (commerce: CommerceService) =>
  post(commerce, '/api/create-checkout-session', {
    products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
    successRouter: '/checkout/success',
    cancelRouter: '/checkout/cancel',
  });

const contactMessage = {
  formId: 'contact_form',
  name: 'Anna Rossi',
  email: 'anna.rossi@example.com',
  subject: 'General Question',
  message: 'Is the audiobook included with every eBook?',
};

const readiness = async (commerce: CommerceService) =>
  (await fetch(`${commerce.url}/readyz`)).status;

async function expectServing(commerce: CommerceService) {
  expect(await readiness(commerce)).toBe(200);
  expect((await checkout(commerce)).status).toBe(200);
}

/** A 503 in the route's own JSON shape, with Retry-After. */
async function expect503(answer: Response, body: Record<string, unknown>) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(await answer.json()).toEqual(body);
}

/** While the database is broken: 503s that say so, not ready, and the process still up. */
async function expectUnavailable(commerce: CommerceService) {
  expect(await readiness(commerce)).toBe(503);
  expect(await (await fetch(`${commerce.url}/readyz`)).json()).toEqual({ status: 'unavailable' });
  await expect503(await checkout(commerce), { message: UNAVAILABLE });
  await expect503(await post(commerce, '/api/forms/submit', contactMessage), {
    success: false,
    message: UNAVAILABLE,
  });
  await expect503(await post(commerce, '/api/send-otp', { email: 'parent@example.com' }), {
    error: UNAVAILABLE_IN_ITALIAN,
  });
  expect((await fetch(`${commerce.url}/healthz`)).status).toBe(200);
}

/** Polls /readyz until the database is back; returns how long that took after the repair. */
async function waitUntilReady(commerce: CommerceService, repairedAt: number) {
  await expect.poll(() => readiness(commerce), { intervals: [100] }).toBe(200);
  return Date.now() - repairedAt;
}

/** chattr +i: refuses writes even to root and to the service's open file handles. */
function setImmutable(files: string[], immutable: boolean) {
  execFileSync('chattr', [immutable ? '+i' : '-i', ...files], { stdio: 'ignore' });
}

function canMakeImmutable(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-chattr-'));
  const probe = path.join(dir, 'probe');
  writeFileSync(probe, '');
  try {
    setImmutable([probe], true);
    setImmutable([probe], false);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a SQLite file that turns read-only gives 503s and not ready, and the service recovers without a restart', async () => {
  test.skip(
    !canMakeImmutable(),
    'chattr +i is not available here (it needs root and a filesystem such as ext4).',
  );
  const commerce = await startCommerceService();
  const files = ['commerce.sqlite', 'commerce.sqlite-wal'].map((name) =>
    path.join(commerce.dataDir, name),
  );
  try {
    await expectServing(commerce);
    setImmutable(files, true);
    await expectUnavailable(commerce);
    // Reading still works: the catalogue is served while nothing can be bought.
    expect((await fetch(`${commerce.url}/api/products`)).status).toBe(200);

    setImmutable(files, false);
    const recoveryMs = await waitUntilReady(commerce, Date.now());
    console.log(`[faults] SQLite writable again: ready after ${recoveryMs} ms`);
    await expectServing(commerce);
  } finally {
    setImmutable(files, false);
    await commerce.close();
  }
});

test('PostgreSQL cut off gives 503s and not ready, and the service recovers without a restart', async () => {
  test.skip(!postgresServer, 'Needs a PostgreSQL server: set TEST_DATABASE_URL.');
  const database = await createPostgresDatabase();
  const server = new URL(postgresServer as string);
  const link = await startTcpRelay({ host: server.hostname, port: Number(server.port || 5432) });
  const commerce = await startCommerceService({
    env: { DATABASE_URL: database.url({ host: '127.0.0.1', port: link.port }) },
  });
  try {
    await expectServing(commerce);
    link.state = 'cut';
    await expectUnavailable(commerce);
    const detail = await fetch(
      `${commerce.url}/api/products/purchase-detail?sessionId=cs_local_${'x'.repeat(32)}`,
    );
    await expect503(detail, { message: UNAVAILABLE });

    link.state = 'up';
    const recoveryMs = await waitUntilReady(commerce, Date.now());
    console.log(`[faults] PostgreSQL reachable again: ready after ${recoveryMs} ms`);
    await expectServing(commerce);
  } finally {
    await commerce.close();
    await link.close();
    await database.drop();
  }
});
