/**
 * The shop's jobs (src/jobs.ts, docs/adr/0044-jobs-declared-in-one-place.md): declared in one
 * list, run on a timer one pass at a time, their runs kept for the console's shop health.
 */
import Fastify from 'fastify';
import { createTestApp, type TestApp } from './test-support/app.ts';
import { runJobs, shopJobs, type Job, type JobsDependencies } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const runOf = (name: string) =>
  t.app.db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();

const until = async (check: () => Promise<boolean>) => {
  for (let tries = 0; tries < 200 && !(await check()); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the shop’s jobs', () => {
  it('are one list, each named once with its period; the CMS’s only when the CMS is set up', () => {
    const names = (jobs: Job[]) => jobs.map((job) => job.name);
    // Declaring reads the settings only: the passes are not run here.
    const deps = (secret: string | undefined) =>
      ({ config: { ...t.app.config, MEMBER_CONTENT_SECRET: secret } }) as JobsDependencies;
    const withoutCms = shopJobs(deps(undefined), t.app.mailWorker, t.app.log);
    expect(names(withoutCms)).toEqual([
      'mail-delivery',
      'scheduled-messages',
      'refund-retry',
      'retention-sweep',
    ]);
    const withCms = shopJobs(deps('cms-secret'), t.app.mailWorker, t.app.log);
    expect(names(withCms)).toEqual([
      ...names(withoutCms),
      'member-resources',
      'newsletter-issues',
      'review-delivery',
    ]);
    expect(new Set(names(withCms)).size).toBe(withCms.length);
    for (const job of withCms) {
      expect(job.everyMs).toBeGreaterThan(0);
      expect(job.label).not.toBe('');
    }
  });

  it('run at start and on their period, one pass at a time, and keep each run and failure', async () => {
    let passes = 0;
    let atOnce = 0;
    let mostAtOnce = 0;
    const slow: Job = {
      name: 'test-slow',
      label: 'Lento',
      everyMs: 5,
      pass: async () => {
        passes += 1;
        atOnce += 1;
        mostAtOnce = Math.max(mostAtOnce, atOnce);
        await new Promise((resolve) => setTimeout(resolve, 30));
        atOnce -= 1;
        return 2;
      },
    };
    const failing: Job = {
      name: 'test-failing',
      label: 'In errore',
      everyMs: 60_000,
      pass: () => Promise.reject(new Error('the provider is down')),
    };
    const host = Fastify({ logger: false });
    runJobs(host, t.app.db, [slow, failing]);
    await host.ready();
    await until(async () => passes >= 3 && (await runOf('test-failing')) !== undefined);
    await host.close();
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(mostAtOnce).toBe(1);
    expect(await runOf('test-slow')).toMatchObject({ last_outcome: 'ok', last_done: 2 });
    const failed = await runOf('test-failing');
    expect(failed).toMatchObject({
      last_outcome: 'failed',
      last_done: 0,
      last_error: 'the provider is down',
    });
    expect(failed?.last_failed_at).toBe(failed?.last_finished_at);
  });

  it('write a run that did nothing at most once a minute, and the run after a failure at once', async () => {
    let fail = true;
    let passes = 0;
    const idle: Job = {
      name: 'test-idle',
      label: 'Inattivo',
      everyMs: 5,
      pass: async () => {
        passes += 1;
        if (fail) throw new Error('once');
        return 0;
      },
    };
    const host = Fastify({ logger: false });
    runJobs(host, t.app.db, [idle]);
    await host.ready();
    await until(async () => (await runOf('test-idle'))?.last_outcome === 'failed');
    fail = false;
    await until(async () => (await runOf('test-idle'))?.last_outcome === 'ok');
    const recovered = await runOf('test-idle');
    const seen = passes;
    await until(async () => passes >= seen + 5);
    await host.close();
    // Passes that found nothing since did not rewrite the row; the failure stays on record.
    expect(await runOf('test-idle')).toEqual(recovered);
    expect(recovered).toMatchObject({ last_outcome: 'ok', last_error: 'once' });
  });
});
