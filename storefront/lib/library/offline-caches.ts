/**
 * The caches of the library's offline use (docs/product.md#library), named once for the
 * service worker (app/library/sw.ts) and the pages that fill and empty them.
 */
export const OFFLINE_CACHES = {
  /** The files a buyer chose to keep on this device, whole, under their stream address. */
  kept: 'aba-library-kept',
  /** The library's pages as last loaded: their HTML holds no buyer data. */
  pages: 'aba-library-pages',
  /** The library's list as last answered, so it opens offline. */
  data: 'aba-library-data',
  /** The build's scripts and styles the library's pages ran with (immutable, hashed names). */
  code: 'aba-library-code',
} as const;

/** Where the library's service worker is served, and the pages it looks after. */
export const LIBRARY_WORKER = { url: '/library/serwist/sw.js', scope: '/library' } as const;
