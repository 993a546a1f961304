/**
 * Runs once when the server starts: a bad configuration stops it with one message, the shop's
 * page cache is handed to Next.js, and the chat's index of the shop's content starts building
 * (lib/chat/shop-knowledge.ts). The page cache is the one all replicas share in Redis when
 * REDIS_URL is set (lib/cache/shared-cache-handler.ts), else this process's own on disk
 * (cache-handler.mjs).
 *
 * The page cache goes through Next's hook for a platform's cache handler, not the
 * `cacheHandler` setting: Next imports a configured handler anew at every request, which took
 * a tenth of the time of serving a cached page (docs/performance.md).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await import('./lib/check-config-at-start');
  const hook = Symbol.for('@next/cache-handlers');
  const global = globalThis as typeof globalThis & { [hook]?: Record<string, unknown> };
  global[hook] = { ...global[hook], FetchCache: await pageCacheHandler() };
  const { warmShopKnowledge } = await import('./lib/chat/shop-knowledge');
  warmShopKnowledge();
}

async function pageCacheHandler(): Promise<unknown> {
  const { sharedRedisAtStart } = await import('./lib/redis/shared-redis');
  const redis = await sharedRedisAtStart();
  if (!redis) return (await import('./cache-handler.mjs')).default;
  const { storefrontConfig } = await import('./lib/config');
  const { sharedCacheHandler } = await import('./lib/cache/shared-cache-handler');
  return sharedCacheHandler(redis, storefrontConfig().REDIS_PREFIX);
}
