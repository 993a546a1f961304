/**
 * The shop's health for administrators (docs/product.md#shop-health): GET /api/admin/health,
 * checked against what the test puts in the database, the stamped-PDF folder and a stand-in CMS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { shopHealthSchema } from '@aba-shop/contract';
import { buyLocally, createTestApp, signInByCode, type TestApp } from '../../test-support/app.ts';
import { createCmsProbe, redisState } from './service.ts';

/** A CMS stand-in whose health check answers `status`, counting the checks it was asked. */
async function startCmsHealth(status: number) {
  let checks = 0;
  const server: Server = createServer((request, response) => {
    if (request.url === '/_health') checks += 1;
    response.writeHead(request.url === '/_health' ? status : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    checks: () => checks,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('GET /api/admin/health', () => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let cms: Awaited<ReturnType<typeof startCmsHealth>>;

  beforeAll(async () => {
    cms = await startCmsHealth(204);
    t = await createTestApp({ ADMIN_EMAILS: 'owner@example.com', CMS_URL: cms.url });
    admin = await signInByCode(t, 'owner@example.com');
    customer = await signInByCode(t, 'someone@example.com');
  });
  afterAll(async () => {
    await t.close();
    await cms.close();
  });

  const health = (cookie?: string) =>
    t.app.inject({ url: '/api/admin/health', headers: cookie ? { cookie } : {} });

  it('refuses anyone who is not signed in as an administrator, in Italian', async () => {
    const anonymous = await health();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: expect.stringMatching(/accedi|accesso/i) });
    const parent = await health(customer);
    expect(parent.statusCode).toBe(403);
    expect(parent.json()).toEqual({ error: expect.any(String) });
  });

  it("tells the outbox, the webhooks, the last publish, Redis, the CMS and the cache's disk", async () => {
    // Sign-in codes went out through the worker's transport in the test app; start clean.
    await t.app.db.deleteFrom('mail_outbox').execute();
    await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'ada@example.com',
    );
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    await t.app.db
      .updateTable('mail_outbox')
      .set({ created_at: tenMinutesAgo, attempts: 2, last_error: 'SMTP down' })
      .execute();
    await t.app.db
      .insertInto('webhook_events')
      .values({ id: 'evt_health', type: 'checkout.session.completed', received_at: tenMinutesAgo })
      .execute();
    await t.app.db
      .insertInto('member_resources_seen')
      .values({ resource_id: 'res_1', first_seen_at: '2026-11-20T08:00:00.000Z' })
      .execute();
    const dir = t.app.config.STAMPED_PDF_DIR;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'copy-a.pdf'), Buffer.alloc(1500));
    writeFileSync(path.join(dir, 'copy-b.pdf'), Buffer.alloc(500));

    const response = await health(admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = shopHealthSchema.parse(response.json());
    const queued = await t.app.db.selectFrom('mail_outbox').select('id').execute();
    expect(queued.length).toBeGreaterThan(0);
    expect(body.mailOutbox.pending).toBe(queued.length);
    expect(body.mailOutbox.failed).toBe(queued.length);
    expect(body.mailOutbox.oldestAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(body.mailOutbox.oldestAgeSeconds).toBeLessThan(700);
    expect(body.webhooks.newestEventAgeSeconds).toBeGreaterThanOrEqual(600);
    expect(body.webhooks.failuresSinceStart).toBe(0);
    expect(body.lastPublishAt).toBe('2026-11-20T08:00:00.000Z');
    expect(body.redis).toBe('unconfigured');
    expect(body.cms).toBe('up');
    expect(body.stampedPdfCache.usedBytes).toBe(2000);
    expect(body.stampedPdfCache.freeBytes).toBeGreaterThan(0);
  });

  it('tells each job of the shop, when it last ran, how it went and when it is due', async () => {
    await t.app.db
      .insertInto('job_runs')
      .values({
        name: 'retention-sweep',
        last_started_at: '2026-12-01T03:00:00.000Z',
        last_finished_at: '2026-12-01T03:00:02.000Z',
        last_outcome: 'failed',
        last_done: 0,
        last_failed_at: '2026-12-01T03:00:02.000Z',
        last_error: 'database is locked',
      })
      .execute();
    const body = shopHealthSchema.parse((await health(admin)).json());
    expect(body.jobs.map((job) => job.name)).toEqual([
      'mail-delivery',
      'scheduled-messages',
      'refund-retry',
      'retention-sweep',
    ]);
    expect(body.jobs.find((job) => job.name === 'retention-sweep')).toEqual({
      name: 'retention-sweep',
      label: 'Cancellazione dei dati scaduti',
      everySeconds: 86_400,
      lastRunAt: '2026-12-01T03:00:00.000Z',
      lastOutcome: 'failed',
      lastDone: 0,
      nextRunAt: '2026-12-02T03:00:00.000Z',
      lastFailureAt: '2026-12-01T03:00:02.000Z',
      lastError: 'database is locked',
    });
    // This test app runs no jobs: the others have not run.
    expect(body.jobs.find((job) => job.name === 'mail-delivery')).toMatchObject({
      lastRunAt: null,
      lastOutcome: null,
      nextRunAt: null,
    });
  });

  it('counts sent mail out of the outbox', async () => {
    await t.app.db.updateTable('mail_outbox').set({ attempts: 0 }).execute();
    await t.app.mailWorker.runOnce();
    const body = shopHealthSchema.parse((await health(admin)).json());
    expect(body.mailOutbox).toEqual({ pending: 0, oldestAgeSeconds: null, failed: 0 });
  });

  it('counts a refused webhook call as a webhook failure', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/member-content/published',
      payload: { event: 'entry.publish' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const body = shopHealthSchema.parse((await health(admin)).json());
    expect(body.webhooks.failuresSinceStart).toBe(1);
  });
});

describe('the CMS probe', () => {
  it('says down when the CMS answers an error or nothing, and asks again once its answer is stale', async () => {
    const failing = await startCmsHealth(503);
    try {
      const probe = createCmsProbe(failing.url, { freshMs: 50 });
      await expect(probe()).resolves.toBe('down');
      await expect(probe()).resolves.toBe('down');
      expect(failing.checks()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await probe();
      expect(failing.checks()).toBe(2);
    } finally {
      await failing.close();
    }
    // Nothing listens at the stand-in's old address any more.
    await expect(createCmsProbe(failing.url)()).resolves.toBe('down');
  });
});

describe('Redis as the panel tells it', () => {
  it.each([
    [null, 'unconfigured'],
    [{ status: 'ready' }, 'up'],
    [{ status: 'reconnecting' }, 'down'],
    [{ status: 'connecting' }, 'down'],
  ] as const)('%j is %s', (redis, state) => {
    expect(redisState(redis)).toBe(state);
  });
});
