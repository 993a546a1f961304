/** @jest-environment node */
/**
 * The chat's limit shared by replicas through Redis (TEST_REDIS_URL; npm test sets it when a
 * Redis answers on 127.0.0.1:6379), and alone in a process without it.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createChatLimiter, type AsyncRateLimiter } from './chat-limiter';

const REDIS_URL = process.env.TEST_REDIS_URL;
const LIMIT = { limit: 10, windowMs: 60_000 };

async function hitInTurn(limiters: AsyncRateLimiter[], key: string, times: number) {
  const allowed: boolean[] = [];
  for (let i = 0; i < times; i++) {
    allowed.push((await (limiters[i % limiters.length] as AsyncRateLimiter).hit(key)).allowed);
  }
  return allowed;
}

describe('createChatLimiter without Redis', () => {
  it('counts in the process: ten messages a minute, then a refusal that says when to retry', async () => {
    const limiter = createChatLimiter(LIMIT, null);
    expect(await hitInTurn([limiter], 'visitor', 10)).toEqual(Array(10).fill(true));
    const refused = await limiter.hit('visitor');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });
});

(REDIS_URL ? describe : describe.skip)('createChatLimiter with Redis', () => {
  const prefix = `test:${randomUUID()}:`;
  const clients: Redis[] = [];
  const client = (url = REDIS_URL ?? '', options = {}) => {
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      ...options,
    });
    clients.push(redis);
    return redis;
  };

  afterAll(async () => {
    const redis = client();
    await new Promise((resolve) => redis.once('ready', resolve));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    for (const each of clients) each.disconnect();
  });

  it('two replicas together allow a visitor what one does', async () => {
    const replicas = [client(), client()];
    await Promise.all(
      replicas.map((redis) => new Promise((resolve) => redis.once('ready', resolve))),
    );
    const limiters = replicas.map((redis) => createChatLimiter(LIMIT, { redis, prefix }));
    expect(await hitInTurn(limiters, 'visitor', 10)).toEqual(Array(10).fill(true));
    expect(await hitInTurn(limiters, 'visitor', 2)).toEqual([false, false]);
    const refused = await (limiters[0] as AsyncRateLimiter).hit('visitor');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another visitor is counted apart.
    expect(await hitInTurn(limiters, 'other-visitor', 1)).toEqual([true]);
  });

  it('keeps limiting, in the process, while Redis cannot be reached', async () => {
    const unreachable = client('redis://127.0.0.1:1', { retryStrategy: () => null });
    unreachable.on('error', () => undefined);
    const limiter = createChatLimiter(LIMIT, { redis: unreachable, prefix });
    expect(await hitInTurn([limiter], 'visitor', 10)).toEqual(Array(10).fill(true));
    expect((await limiter.hit('visitor')).allowed).toBe(false);
  });
});
