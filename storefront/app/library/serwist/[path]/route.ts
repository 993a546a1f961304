/**
 * Serves the library's service worker (app/library/sw.ts), bundled by Serwist when the shop is
 * built. It precaches only the artwork the lock screen shows; everything else is cached as the
 * library's pages use it, or when the buyer keeps a book.
 */
import { createSerwistRoute } from '@serwist/turbopack';

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute(
  {
    swSrc: 'app/library/sw.ts',
    useNativeEsbuild: true,
    // The build's own files are cached as the library's pages load them, not all in advance.
    globPatterns: [],
    additionalPrecacheEntries: [{ url: '/og-image.png', revision: null }],
  },
);
