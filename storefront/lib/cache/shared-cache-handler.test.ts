/** @jest-environment node */
/**
 * The page cache the replicas share in Redis (TEST_REDIS_URL; npm test sets it when a Redis
 * answers on 127.0.0.1:6379). Each replica is the handler module loaded afresh with a Redis
 * client of its own, as in a process of its own.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startTcpRelay } from '@aba-shop/test-kit/tcp-relay';
import { UNAVAILABLE_MARKER } from '../../cache-handler.mjs';
import { CALL_DEADLINE_MS, guarded, PAUSE_AFTER_FAILURE_MS } from './shared-cache-handler';

const REDIS_URL = process.env.TEST_REDIS_URL;

type Handler = Parameters<typeof guarded>[0];
const quietLog = () => ({ warn: jest.fn(), info: jest.fn() });

describe('guarded', () => {
  const handler = (get: Handler['get']): Handler => ({
    name: 'stand-in',
    get,
    set: jest.fn(async () => undefined),
    revalidateTag: jest.fn(async () => undefined),
  });

  it('answers a miss when Redis does not answer in time, and leaves Redis alone for a while', async () => {
    const get = jest.fn(() => new Promise<never>(() => {}));
    const log = quietLog();
    const cache = guarded(handler(get), log);
    const started = Date.now();
    expect(await cache.get('page', { implicitTags: [] })).toBeNull();
    expect(Date.now() - started).toBeLessThan(CALL_DEADLINE_MS + 200);
    expect(await cache.get('page', { implicitTags: [] })).toBeNull();
    expect(get).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toMatch(/pages render until it answers again/);
  });

  it('still passes on a revalidated tag (a publish) while Redis is left alone', async () => {
    const stalled = handler(jest.fn(() => new Promise<never>(() => {})));
    const cache = guarded(stalled, quietLog());
    expect(await cache.get('page', { implicitTags: [] })).toBeNull();
    await cache.set('page', {} as never, {});
    await cache.revalidateTag('cms:faq-item');
    expect(stalled.set).not.toHaveBeenCalled();
    expect(stalled.revalidateTag).toHaveBeenCalledWith('cms:faq-item');
  });

  it('answers a miss when Redis fails, logs the outage once and its end once', async () => {
    let failing = true;
    const get = jest.fn(async () => {
      if (failing) throw new Error('connection refused');
      return null;
    });
    const log = quietLog();
    const cache = guarded(handler(get), log);
    jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(await cache.get('page', { implicitTags: [] })).toBeNull();
      jest.setSystemTime(Date.now() + PAUSE_AFTER_FAILURE_MS + 1);
      expect(await cache.get('page', { implicitTags: [] })).toBeNull();
      expect(log.warn).toHaveBeenCalledTimes(1);
      failing = false;
      jest.setSystemTime(Date.now() + PAUSE_AFTER_FAILURE_MS + 1);
      await cache.get('page', { implicitTags: [] });
      await cache.get('page', { implicitTags: [] });
    } finally {
      jest.useRealTimers();
    }
    expect(get).toHaveBeenCalledTimes(4);
    expect(log.info).toHaveBeenCalledTimes(1);
  });
});

const page = (html: string, status = 200) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('0:{}'),
  status,
  headers: { 'x-next-cache-tags': 'cms,cms:faq-item,_N_T_/faq' },
  postponed: undefined,
  segmentData: undefined,
});
const setContext = {
  cacheControl: { revalidate: 60, expire: 31536000 },
  tags: [] as string[],
};
const getContext = { kind: 'APP_PAGE', softTags: ['_N_T_/faq'] };
const GOOD = '<main><h1>Practical ABA strategies</h1></main>';

(REDIS_URL ? describe : describe.skip)('the shared cache in Redis', () => {
  const prefix = `test:${randomUUID()}:`;
  const clients: Redis[] = [];
  const buildDir = mkdtempSync(path.join(tmpdir(), 'shared-cache-'));
  mkdirSync(path.join(buildDir, 'server'));
  writeFileSync(path.join(buildDir, 'BUILD_ID'), 'build-1');

  const client = async (url = REDIS_URL ?? '') => {
    const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    clients.push(redis);
    await new Promise((resolve) => redis.once('ready', resolve));
    return redis;
  };

  /** The handler class of a replica of its own: the modules loaded afresh, as in a process. */
  async function handlerOf(redis: Redis, log: ReturnType<typeof quietLog>) {
    let loaded: typeof import('./shared-cache-handler') | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = await import('./shared-cache-handler');
    });
    if (!loaded) throw new Error('The handler module did not load');
    const Handler = loaded.sharedCacheHandler(redis, prefix, log);
    return new Handler({ serverDistDir: path.join(buildDir, 'server') } as never);
  }

  /** One storefront replica, with a Redis client of its own. */
  async function replica(log = quietLog(), url = REDIS_URL) {
    const redis = await client(url);
    return { cache: await handlerOf(redis, log), redis };
  }

  afterAll(async () => {
    const redis = await client();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    // QUIT lets Jest exit at once; a client that never connected is only disconnected.
    await Promise.all(
      clients.map((each) => (each.status === 'ready' ? each.quit() : each.disconnect())),
    );
    rmSync(buildDir, { recursive: true, force: true });
  });

  it("serves a page one replica rendered from another, as bytes with the page's lifetime", async () => {
    const [one, two] = [await replica(), await replica()];
    await one.cache.set('/faq', page(GOOD) as never, setContext as never);
    const entry = await two.cache.get('/faq', getContext as never);
    const html = (entry?.value as { html?: unknown } | undefined)?.html;
    expect(Buffer.isBuffer(html)).toBe(true);
    expect(String(html)).toBe(GOOD);
    expect(entry).toMatchObject({ cacheControl: { revalidate: 60 } });
    expect((await one.redis.keys(`${prefix}cache:build-1:*`)).length).toBeGreaterThan(0);
  });

  it('stores a page read back as bytes again as text', async () => {
    const [one, two] = [await replica(), await replica()];
    await one.cache.set('/about', page(GOOD) as never, setContext as never);
    const entry = await two.cache.get('/about', getContext as never);
    await two.cache.set('/about', entry?.value as never, setContext as never);
    const again = await one.cache.get('/about', getContext as never);
    expect(String((again?.value as { html?: unknown }).html)).toBe(GOOD);
  });

  it("expires a tag for every replica when one revalidates it (the CMS's webhook)", async () => {
    const [one, two] = [await replica(), await replica()];
    await one.cache.set('/faq', page(GOOD) as never, setContext as never);
    expect(await two.cache.get('/faq', getContext as never)).not.toBeNull();
    await two.cache.revalidateTag('cms:faq-item');
    expect(await one.cache.get('/faq', getContext as never)).toBeNull();
    expect(await two.cache.get('/faq', getContext as never)).toBeNull();
  });

  it('never stores a page with a section that could not be loaded, nor a 404', async () => {
    const { cache } = await replica();
    const unavailable = `<main><p ${UNAVAILABLE_MARKER}>The questions cannot be shown.</p></main>`;
    await cache.set('/blog/a', page(unavailable) as never, setContext as never);
    await cache.set('/blog/b', page(GOOD, 404) as never, setContext as never);
    expect(await cache.get('/blog/a', getContext as never)).toBeNull();
    expect(await cache.get('/blog/b', getContext as never)).toBeNull();
  });

  it("never stores the build's own copies", async () => {
    const { cache } = await replica();
    const phase = process.env.NEXT_PHASE;
    process.env.NEXT_PHASE = 'phase-production-build';
    try {
      await cache.set('/contact', page(GOOD) as never, setContext as never);
    } finally {
      process.env.NEXT_PHASE = phase;
    }
    expect(await cache.get('/contact', getContext as never)).toBeNull();
  });

  it('keeps fetched data for every replica', async () => {
    const [one, two] = [await replica(), await replica()];
    const data = { kind: 'FETCH', data: { headers: {}, body: '{"faq":[]}', status: 200, url: '' } };
    await one.cache.set(
      'fetch-key',
      { ...data, revalidate: 60 } as never,
      {
        fetchCache: true,
        tags: ['cms'],
        revalidate: 60,
      } as never,
    );
    const entry = await two.cache.get('fetch-key', {
      kind: 'FETCH',
      tags: ['cms'],
      softTags: [],
    } as never);
    expect(entry?.value).toMatchObject({ kind: 'FETCH', data: { body: '{"faq":[]}' } });
  });

  it('renders instead of waiting when Redis stops answering, and logs it once', async () => {
    const proxy = await startTcpRelay({ port: Number(new URL(REDIS_URL ?? '').port) });
    try {
      const log = quietLog();
      const { cache } = await replica(log, `redis://127.0.0.1:${proxy.port}`);
      await cache.set('/legal', page(GOOD) as never, setContext as never);
      expect(await cache.get('/legal', getContext as never)).not.toBeNull();
      proxy.state = 'silent';
      const started = Date.now();
      expect(await cache.get('/legal', getContext as never)).toBeNull();
      expect(await cache.get('/legal', getContext as never)).toBeNull();
      expect(Date.now() - started).toBeLessThan(CALL_DEADLINE_MS + 300);
      expect(log.warn).toHaveBeenCalledTimes(1);
    } finally {
      await proxy.close();
    }
  });

  it('renders when Redis cannot be reached at all', async () => {
    const log = quietLog();
    const redis = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    clients.push(redis);
    const cache = await handlerOf(redis, log);
    await cache.set('/x', page(GOOD) as never, setContext as never);
    expect(await cache.get('/x', getContext as never)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
