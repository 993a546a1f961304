/**
 * The storefront's Redis client, when REDIS_URL names one (docs/scaling.md): one per server
 * process, whichever of Next's bundles asks. A visitor never waits for Redis: commands fail at
 * once while it is unreachable (no offline queue), the caller falls back to what one process
 * knows, and the outage is logged once, not per request.
 */
import 'server-only';
import { Redis } from 'ioredis';
import { sharedRedisOptions } from 'commerce-service/redis-options';
import { storefrontConfig } from '@/lib/config';

const CLIENT_KEY = Symbol.for('aba.storefront.redis');
type WithClient = { [CLIENT_KEY]?: Redis | null };

export function sharedRedis(): Redis | null {
  const holder = globalThis as WithClient;
  if (holder[CLIENT_KEY] !== undefined) return holder[CLIENT_KEY];
  const { REDIS_URL } = storefrontConfig();
  if (!REDIS_URL) return (holder[CLIENT_KEY] = null);
  const redis = new Redis(REDIS_URL, sharedRedisOptions);
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.warn(
      `storefront: Redis is unreachable (${error.message}); each process keeps its own counts until it is back`,
    );
  });
  redis.on('ready', () => {
    if (down) console.info('storefront: Redis is back');
    down = false;
  });
  return (holder[CLIENT_KEY] = redis);
}

/** How long the start waits for Redis before serving without it. */
const READY_WAIT_MS = 2_000;

/**
 * The shared client once it is ready, or after READY_WAIT_MS without it: served before Redis
 * answers, the first pages would count as an outage of the shared cache.
 */
export async function sharedRedisAtStart(): Promise<Redis | null> {
  const redis = sharedRedis();
  if (!redis || redis.status === 'ready') return redis;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, READY_WAIT_MS);
    redis.once('ready', done);
  });
  return redis;
}
