/**
 * @jest-environment node
 */
/**
 * The page cache's rules (cache-handler.mjs, ADR 0009), on Next's own file-system cache: this
 * test also fails when a Next.js upgrade changes the internal module the handler extends.
 */
import { mkdtempSync, promises, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ShopCacheHandler, { isStorablePage, UNAVAILABLE_MARKER } from './cache-handler.mjs';

const page = (html: string, status = 200) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from('0:{}'),
  status,
  headers: { 'x-next-cache-tags': 'cms,cms:faq-item' },
  postponed: undefined,
  segmentData: undefined,
});

/** The page's HTML as the handler hands it to Next.js: its bytes. */
const htmlServed = (entry: { value: unknown } | null) => {
  const html = (entry?.value as { html?: unknown } | undefined)?.html;
  if (!Buffer.isBuffer(html)) throw new Error(`The page is not held as bytes: ${String(html)}`);
  return html.toString('utf8');
};

const GOOD = '<main><h1>Practical ABA strategies</h1></main>';
const UNAVAILABLE = `<main><p role="status" ${UNAVAILABLE_MARKER}>The questions cannot be shown right now.</p></main>`;
const setContext = { cacheControl: { revalidate: 60, expire: 31536000 } };
const getContext = { kind: 'APP_PAGE' };

describe('isStorablePage', () => {
  it('keeps a complete page', () => {
    expect(isStorablePage(page(GOOD))).toBe(true);
  });

  it('refuses a page with a section that could not be loaded', () => {
    expect(isStorablePage(page(UNAVAILABLE))).toBe(false);
  });

  it('is not fooled by the marker as React serialises an absent attribute in the page data', () => {
    const html = `${GOOD}<script>self.__next_f.push([1,"{\\"data-content-unavailable\\":\\"$undefined\\"}"])</script>`;
    expect(isStorablePage(page(html))).toBe(true);
  });

  it('reads a page already held as bytes', () => {
    expect(isStorablePage({ ...page(GOOD), html: Buffer.from(UNAVAILABLE) })).toBe(false);
    expect(isStorablePage({ ...page(GOOD), html: Buffer.from(GOOD) })).toBe(true);
  });

  it('refuses answers other than 200', () => {
    expect(isStorablePage(page(GOOD, 404))).toBe(false);
    expect(isStorablePage(page(GOOD, 500))).toBe(false);
  });

  it('keeps fetched data, which has no page to judge', () => {
    expect(isStorablePage({ kind: 'FETCH', data: { body: '{}' } })).toBe(true);
  });
});

describe('the cache handler', () => {
  let serverDistDir: string;
  let handler: InstanceType<typeof ShopCacheHandler>;
  let key = 0;
  const nextKey = () => `/page-${(key += 1)}`;

  beforeEach(() => {
    serverDistDir = mkdtempSync(path.join(tmpdir(), 'cache-handler-'));
    handler = new ShopCacheHandler({
      fs: {
        existsSync,
        readFile: (file: string, encoding?: BufferEncoding) =>
          encoding ? promises.readFile(file, encoding) : promises.readFile(file),
        writeFile: (file: string, data: string | Buffer) => promises.writeFile(file, data),
        mkdir: (dir: string) => promises.mkdir(dir, { recursive: true }),
        stat: (file: string) => promises.stat(file),
      },
      flushToDisk: true,
      serverDistDir,
      maxMemoryCacheSize: 10 * 1024 * 1024,
      revalidatedTags: [],
    });
  });

  afterEach(() => {
    delete process.env.NEXT_PHASE;
    rmSync(serverDistDir, { recursive: true, force: true });
  });

  it('serves a page it rendered and stored', async () => {
    const pageKey = nextKey();
    await handler.set(pageKey, page(GOOD), setContext);
    const entry = await handler.get(pageKey, getContext);
    expect(entry?.value).toMatchObject({ kind: 'APP_PAGE', status: 200 });
    expect(htmlServed(entry)).toBe(GOOD);
  });

  it('serves a page as bytes, encoded once for all its views', async () => {
    const pageKey = nextKey();
    const html = `${GOOD}<p>“Calmer mornings” – a parent</p>`;
    await handler.set(pageKey, page(html), setContext);
    const encode = jest.spyOn(Buffer, 'from');
    try {
      const views = [];
      for (let view = 0; view < 3; view += 1) views.push(await handler.get(pageKey, getContext));
      for (const view of views) expect(htmlServed(view)).toBe(html);
      expect(views[1]?.value).toBe(views[0]?.value);
      expect(encode.mock.calls.filter(([value]) => value === html)).toHaveLength(1);
    } finally {
      encode.mockRestore();
    }
  });

  it('takes back a page it served, as Next stores it again when a revalidation fails', async () => {
    const pageKey = nextKey();
    await handler.set(pageKey, page(GOOD), setContext);
    const served = await handler.get(pageKey, getContext);
    await handler.set(pageKey, served?.value, setContext);
    expect(htmlServed(await handler.get(pageKey, getContext))).toBe(GOOD);
  });

  it('keeps the last good copy when a later render could not load a section', async () => {
    const pageKey = nextKey();
    await handler.set(pageKey, page(GOOD), setContext);
    await handler.set(pageKey, page(UNAVAILABLE), setContext);
    expect(htmlServed(await handler.get(pageKey, getContext))).toBe(GOOD);
  });

  it('stores no unavailable view of a page never seen, so the next view renders it again', async () => {
    const pageKey = nextKey();
    await handler.set(pageKey, page(UNAVAILABLE), setContext);
    expect(await handler.get(pageKey, getContext)).toBeNull();
  });

  it('stores no not-found page', async () => {
    const pageKey = nextKey();
    await handler.set(pageKey, page(GOOD, 404), setContext);
    expect(await handler.get(pageKey, getContext)).toBeNull();
  });

  it("neither stores nor serves the build's copies", async () => {
    const pageKey = nextKey();
    // A copy on disk that this process did not render, as the build leaves them.
    await promises.mkdir(path.join(serverDistDir, 'app'), { recursive: true });
    await promises.writeFile(path.join(serverDistDir, 'app', `${pageKey}.html`), GOOD);
    await promises.writeFile(path.join(serverDistDir, 'app', `${pageKey}.meta`), '{}');
    await promises.writeFile(path.join(serverDistDir, 'app', `${pageKey}.rsc`), '0:{}');
    expect(await handler.get(pageKey, getContext)).toBeNull();

    process.env.NEXT_PHASE = 'phase-production-build';
    await handler.set(pageKey, page(GOOD), setContext);
    delete process.env.NEXT_PHASE;
    expect(await handler.get(pageKey, getContext)).toBeNull();
  });

  it('stores fetched data as Next does', async () => {
    const fetchKey = `fetch-${nextKey().slice(1)}`;
    const data = {
      kind: 'FETCH',
      data: { headers: {}, body: 'e30=', status: 200, url: 'http://cms/api/faq-items' },
      revalidate: 60,
    };
    await handler.set(fetchKey, data, { fetchCache: true, tags: ['cms'] });
    const entry = await handler.get(fetchKey, { kind: 'FETCH', tags: ['cms'] });
    expect(entry?.value).toMatchObject({ kind: 'FETCH' });
  });
});
