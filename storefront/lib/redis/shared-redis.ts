/**
 * The storefront's Redis client, when REDIS_URL names one (docs/scaling.md): one per server
 * process, whichever of Next's bundles asks. A visitor never waits for Redis
 * (@aba-shop/service-kit/redis-client): the caller falls back to what one process
 * knows, and the outage is logged once, not per request.
 */
import 'server-only';
import type { Redis } from 'ioredis';
import { connectSharedRedis, untilReady } from '@aba-shop/service-kit/redis-client';
import { storefrontConfig } from '@/lib/config';
import { serverLog } from '@/lib/server-log';

const CLIENT_KEY = Symbol.for('aba.storefront.redis');
type WithClient = { [CLIENT_KEY]?: Redis | null };

export function sharedRedis(): Redis | null {
  const holder = globalThis as WithClient;
  if (holder[CLIENT_KEY] !== undefined) return holder[CLIENT_KEY];
  const { REDIS_URL } = storefrontConfig();
  if (!REDIS_URL) return (holder[CLIENT_KEY] = null);
  return (holder[CLIENT_KEY] = connectSharedRedis(REDIS_URL, {
    onDown: (error) =>
      serverLog.warn(
        `storefront: Redis is unreachable (${error.message}); each process keeps its own counts until it is back`,
      ),
    onBack: () => serverLog.info('storefront: Redis is back'),
  }));
}

/**
 * The shared client once it is ready, or after a short wait without it: served before Redis
 * answers, the first pages would count as an outage of the shared cache.
 */
export async function sharedRedisAtStart(): Promise<Redis | null> {
  const redis = sharedRedis();
  if (redis) await untilReady(redis);
  return redis;
}
