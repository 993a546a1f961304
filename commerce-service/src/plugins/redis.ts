/**
 * Redis, when REDIS_URL names one: the store of the per-client request limits that every
 * replica shares (docs/scaling.md). A request never waits for Redis: commands fail at once while
 * it is unreachable (no offline queue), the limiter then lets the request through
 * (`skipOnError` in app.ts), and the outage is logged once, not per request.
 */
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { sharedRedisOptions } from './redis-options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client, or null when each process keeps its own counts. */
    redis: Redis | null;
  }
}

/** How long the start waits for Redis before serving without it. */
const READY_WAIT_MS = 2_000;

export const redisPlugin = fp<{ config: Config }>(async (app, { config }) => {
  if (!config.REDIS_URL) {
    app.decorate('redis', null);
    return;
  }
  const redis = new Redis(config.REDIS_URL, sharedRedisOptions);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn(
      { err: { message: error.message } },
      'Redis is unreachable: each replica counts its own request limits until it is back',
    );
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis is back: the request limits are shared again');
    down = false;
  });
  app.decorate('redis', redis);
  // Served before Redis answers, the first requests would not be counted.
  await new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    setTimeout(resolve, READY_WAIT_MS).unref();
  });
  app.addHook('onClose', async () => {
    // QUIT lets the commands under way finish; a Redis that is down gets no goodbye.
    await redis.quit().catch(() => redis.disconnect());
  });
});
