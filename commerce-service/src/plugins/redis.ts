/**
 * Redis, when REDIS_URL names one: the store of the per-client request limits that every
 * replica shares (docs/scaling.md). A request never waits for Redis (./redis-client.ts): the
 * limiter lets a request through when Redis fails (`skipOnError` in app.ts), and the outage is
 * logged once, not per request.
 */
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { connectSharedRedis, untilReady } from '@aba-shop/service-kit/redis-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client, or null when each process keeps its own counts. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp<{ config: Config }>(async (app, { config }) => {
  if (!config.REDIS_URL) {
    app.decorate('redis', null);
    return;
  }
  const redis = connectSharedRedis(config.REDIS_URL, {
    onDown: (error) =>
      app.log.warn(
        { err: { message: error.message } },
        'Redis is unreachable: each replica counts its own request limits until it is back',
      ),
    onBack: () => app.log.info('Redis is back: the request limits are shared again'),
  });
  app.decorate('redis', redis);
  await untilReady(redis);
  app.addHook('onClose', async () => {
    // QUIT lets the commands under way finish; a Redis that is down gets no goodbye.
    await redis.quit().catch(() => redis.disconnect());
  });
});
