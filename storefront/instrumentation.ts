import type { Instrumentation } from 'next';

/**
 * Runs once when the server starts: a bad configuration stops it with one message, the page
 * cache is handed to Next.js (the replicas' shared one in Redis when REDIS_URL is set, else
 * cache-handler.mjs; registered through Next's platform hook, ADR 0009), and the chat's index
 * of the shop's content starts building.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await import('./lib/check-config-at-start');
  const hook = Symbol.for('@next/cache-handlers');
  const global = globalThis as typeof globalThis & { [hook]?: Record<string, unknown> };
  global[hook] = { ...global[hook], FetchCache: await pageCacheHandler() };
  const { warmShopKnowledge } = await import('./lib/chat/server/shop-knowledge');
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

/**
 * An error Next met rendering a page or running a route, which the page did not answer itself
 * (its error page shows next): reported to SENTRY_DSN when set (docs/reliability.md#telemetry-and-health),
 * with the app's route (`/blog/[slug]`) and never the request's path, headers or cookies.
 * A page not found and a redirect are no errors and come nowhere near here.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, _request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { storefrontErrorReporter } = await import('./lib/error-reports');
  await storefrontErrorReporter().report(error, { route: context.routePath });
};
