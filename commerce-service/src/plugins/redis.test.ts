/**
 * The per-client request limits with REDIS_URL: counted in Redis, so that replicas share them
 * (docs/scaling.md). Against the Redis in TEST_REDIS_URL (npm test sets it when one answers on
 * 127.0.0.1:6379); each test writes under a prefix of its own and removes it.
 */
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../test-support/app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT = 600;

/** What one client asks of the service, alternately of each replica. */
async function askInTurn(replicas: TestApp[], times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const replica = replicas[i % replicas.length] as TestApp;
    statuses.push((await replica.app.inject({ url: '/api/products' })).statusCode);
  }
  return statuses;
}

(REDIS_URL ? describe : describe.skip)('request limits shared through Redis', () => {
  const prefix = `test:${randomUUID()}:`;
  const started: TestApp[] = [];
  const replica = async (env: Record<string, string> = {}) => {
    const app = await createTestApp(env);
    started.push(app);
    return app;
  };

  afterEach(async () => {
    await Promise.all(started.splice(0).map((app) => app.close()));
    const redis = new Redis(REDIS_URL ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it(`two replicas together allow one client what one replica does: ${LIMIT} requests a minute`, async () => {
    const shared = { REDIS_URL: REDIS_URL ?? '', REDIS_PREFIX: prefix };
    const replicas = [await replica(shared), await replica(shared)];
    const statuses = await askInTurn(replicas, LIMIT);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Whichever replica gets the next request refuses it.
    expect(await askInTurn(replicas, 2)).toEqual([429, 429]);
    const redis = new Redis(REDIS_URL ?? '');
    expect((await redis.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });

  it('without Redis each replica counts its own: the other still answers', async () => {
    const replicas = [await replica(), await replica()];
    await askInTurn([replicas[0] as TestApp], LIMIT);
    expect(await askInTurn([replicas[0] as TestApp], 1)).toEqual([429]);
    expect(await askInTurn([replicas[1] as TestApp], 1)).toEqual([200]);
  });

  it('answers as usual while Redis cannot be reached, without a warning per request', async () => {
    const app = await replica({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.app.redis?.status).not.toBe('ready');
    const warn = jest.spyOn(app.app.log, 'warn');
    expect(await askInTurn([app], 20)).toEqual(Array(20).fill(200));
    expect(warn).not.toHaveBeenCalled();
  });
});
