/**
 * Next.js's page cache, with the shop's own rules on top of Next's file-system cache (ADR 0009);
 * instrumentation.ts hands it to Next once, at start. Content pages are rendered once and then
 * served from this cache until their data's tags are revalidated (the CMS's publish webhook) or
 * their timer runs out.
 *
 * - Only pages that this server rendered itself are served. The build renders the pages
 *   without the CMS or the shop API running, so its copies hold "cannot be shown" sections.
 * - A page showing a section that could not be loaded (marked `data-content-unavailable`) is
 *   never stored: the last good copy stays in place while the CMS is down, and a page never
 *   seen before renders again at every view until its data comes back.
 * - Only 200 answers are stored: any number of made-up blog addresses must not fill the memory
 *   or the disk with not-found pages.
 * - A page is served from bytes, encoded once when it is first read. Given the page as a
 *   string, Node joins it to the headers, flattens and encodes it at every view, which for the
 *   shop's 40 to 70 KB pages was the largest part of serving one (docs/performance.md). Bytes
 *   go to the socket as they are; Next sends them chunked, without Content-Length. They stay
 *   bytes, not a stream: Next hands one entry to several views at once, and stores it again
 *   when a revalidation fails.
 *
 * Fetched data (Next's data cache) is stored as Next stores it, on disk, so a restarted
 * storefront still has the last good content when the CMS is down.
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
