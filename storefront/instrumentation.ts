/**
 * Runs once when the server starts: a bad configuration stops it with one message, the shop's
 * page cache (cache-handler.mjs) is handed to Next.js, and the chat's index of the shop's
 * content starts building (lib/chat/shop-knowledge.ts).
 *
 * The page cache goes through Next's hook for a platform's cache handler, not the
 * `cacheHandler` setting: Next imports a configured handler anew at every request, which took
 * a tenth of the time of serving a cached page (docs/performance.md).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  await import('./lib/check-config-at-start');
  const { default: ShopCacheHandler } = await import('./cache-handler.mjs');
  const hook = Symbol.for('@next/cache-handlers');
  const global = globalThis as typeof globalThis & { [hook]?: Record<string, unknown> };
  global[hook] = { ...global[hook], FetchCache: ShopCacheHandler };
  const { warmShopKnowledge } = await import('./lib/chat/shop-knowledge');
  warmShopKnowledge();
}
