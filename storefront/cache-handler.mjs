/**
 * Next.js's page cache with the shop's rules on top of its file-system cache, registered by
 * instrumentation.ts at start: only pages this server rendered, only 200 answers, never a page
 * with a section that could not be loaded, and pages kept as bytes. The rules and their
 * reasons are in docs/adr/0009-content-pages-from-the-page-cache.md.
 */
import nextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';

const FileSystemCache = nextFileSystemCache.default ?? nextFileSystemCache;

/** What React renders for the attribute; in text or script content its quotes are escaped. */
export const UNAVAILABLE_MARKER = 'data-content-unavailable=""';

/** Page keys this process has stored; there are as many as there are real pages. */
const renderedHere = new Set();

const isPageKind = (kind) => kind === 'APP_PAGE' || kind === 'APP_ROUTE' || kind === 'PAGES';

const htmlOf = (value) => {
  if (typeof value.html === 'string') return value.html;
  if (Buffer.isBuffer(value.html)) return value.html.toString();
  return value.html?.toUnchunkedString?.() ?? '';
};

/** Whether a rendered page may be kept and served to later visitors. */
export function isStorablePage(value) {
  if (value.kind !== 'APP_PAGE') return true;
  if ((value.status ?? 200) !== 200) return false;
  return !htmlOf(value).includes(UNAVAILABLE_MARKER);
}

export default class ShopCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    if (isPageKind(ctx?.kind) && !renderedHere.has(key)) return null;
    const entry = await super.get(key, ctx);
    const value = entry?.value;
    // The entry lives on in Next's memory cache, so later views find the bytes already there.
    if (value?.kind === 'APP_PAGE' && typeof value.html === 'string') {
      value.html = Buffer.from(value.html);
    }
    return entry;
  }

  async set(key, data, ctx) {
    if (data && isPageKind(data.kind)) {
      // The build's own copies are neither stored nor served (see above).
      if (process.env.NEXT_PHASE === 'phase-production-build') return;
      if (!isStorablePage(data)) return;
      renderedHere.add(key);
    }
    return super.set(key, data, ctx);
  }
}
