/**
 * The page and data cache every storefront replica shares when REDIS_URL names a Redis: the
 * Redis handler of `@fortedigital/nextjs-cache-handler` with the rules of cache-handler.mjs
 * on top, keys per build, and a Redis that never fails or stalls a view
 * (docs/adr/0022-shared-page-cache-in-redis.md, docs/scaling.md).
 */
import 'server-only';
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import { ioredisAdapter } from '@fortedigital/nextjs-cache-handler/helpers/ioredisAdapter';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import type { Redis } from 'ioredis';
import { isStorablePage } from '../../cache-handler.mjs';

/** A Redis call that has not answered within this long counts as failed: the page renders. */
export const CALL_DEADLINE_MS = 300;
/** After a failed call, Redis is not asked again for this long. */
export const PAUSE_AFTER_FAILURE_MS = 5_000;
/**
 * How long an entry stays in Redis after it turns stale. Two weeks: long enough that a page
 * whose data the CMS cannot give (a CMS outage) is still served from its last good copy; Redis
 * itself should evict by `volatile-lru` when full.
 */
export const ENTRY_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

type Handler = ReturnType<typeof createRedisHandler>;
type Logger = Pick<Console, 'warn' | 'info'>;

/**
 * The handler with a deadline on every call and a pause after a failure. A failed `get` is a
 * miss, a failed `set` an unstored page. A `revalidateTag` (a publish) is tried even during the
 * pause; if it fails, the entries go stale by their own timer.
 */
export function guarded(handler: Handler, log: Logger = console): Handler {
  let pausedUntil = 0;
  let down = false;
  const call = async <T>(
    what: string,
    run: () => Promise<T>,
    orElse: T,
    evenWhilePaused = false,
  ): Promise<T> => {
    if (!evenWhilePaused && Date.now() < pausedUntil) return orElse;
    let timer: NodeJS.Timeout | undefined;
    try {
      const answer = await Promise.race([
        run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${CALL_DEADLINE_MS} ms`)),
            CALL_DEADLINE_MS,
          );
        }),
      ]);
      if (down) log.info('storefront: the shared page cache in Redis answers again');
      down = false;
      return answer;
    } catch (error) {
      pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      if (!down) {
        log.warn(
          `storefront: the shared page cache in Redis failed (${what}: ${(error as Error).message}); pages render until it answers again`,
        );
      }
      down = true;
      return orElse;
    } finally {
      clearTimeout(timer);
    }
  };
  const remove = handler.delete?.bind(handler);
  return {
    name: handler.name,
    get: (key, meta) => call('get', () => handler.get(key, meta), null),
    set: (key, value, ctx) => call('set', () => handler.set(key, value, ctx), undefined),
    revalidateTag: (tag) =>
      call('revalidateTag', () => handler.revalidateTag(tag), undefined, true),
    delete: remove && ((key) => call('delete', () => remove(key), undefined)),
  };
}

type Entry = Awaited<ReturnType<CacheHandler['get']>>;
type PageValue = { kind: string; html?: unknown };

/**
 * Next's handler class for the shared cache, reading and writing through `redis` under keys
 * that start with `prefix` and the build's id.
 */
export function sharedCacheHandler(redis: Redis, prefix: string, log: Logger = console) {
  CacheHandler.onCreation(({ buildId }) => ({
    handlers: [
      guarded(
        createRedisHandler({
          client: ioredisAdapter(redis),
          keyPrefix: `${prefix}cache:${buildId ?? 'dev'}:`,
          timeoutMs: CALL_DEADLINE_MS,
        }),
        log,
      ),
    ],
    ttl: { estimateExpireAge: (staleAge: number) => staleAge + ENTRY_LIFETIME_SECONDS },
  }));

  return class SharedCacheHandler extends CacheHandler {
    override async get(...args: Parameters<CacheHandler['get']>): Promise<Entry> {
      const entry = await super.get(...args);
      const value = entry?.value as PageValue | null | undefined;
      if (entry && value?.kind === 'APP_PAGE') {
        if (typeof value.html === 'string') value.html = Buffer.from(value.html);
        // Without it, a replica that did not render the page itself (a blog post the build did
        // not list) would take it as stale after a second and render it again at every view.
        const { revalidate, expireAge } = entry.lifespan ?? {};
        if (revalidate !== undefined && expireAge !== undefined) {
          Object.assign(entry, { cacheControl: { revalidate, expire: expireAge } });
        }
      }
      return entry;
    }

    override async set(...[key, data, ctx]: Parameters<CacheHandler['set']>): Promise<void> {
      const value = data as PageValue | null;
      if (value && value.kind !== 'FETCH') {
        // The build's own copies are neither stored nor served (cache-handler.mjs).
        if (process.env.NEXT_PHASE === 'phase-production-build') return;
        if (!isStorablePage(value)) return;
        // Stored as text: a page read back from Redis is bytes (above), and Next stores an entry
        // it read again when revalidating it fails.
        if (Buffer.isBuffer(value.html)) data = { ...data, html: value.html.toString() } as never;
      }
      return super.set(key, data, ctx);
    }
  };
}
