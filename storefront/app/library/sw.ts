/// <reference lib="webworker" />
/**
 * The library's service worker (docs/product.md#library, docs/adr/0029-library-reader-player-membership.md),
 * built by Serwist and registered by the library's pages only, for `/library` and below: no
 * other page of the shop is ever looked after by it. It serves the files a buyer kept on the
 * device (by ranges, as the reader and player ask), and the library's pages, list and code
 * from the network when it answers, else as last loaded. Nothing is precached but what the
 * build names; a file is kept only when the buyer asks.
 */
import {
  CacheFirst,
  CacheableResponsePlugin,
  createPartialResponse,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
} from 'serwist';
import { OFFLINE_CACHES } from '@/lib/library/offline-caches';

declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
};

/** How long the network may take before the copy last loaded is used. */
const NETWORK_TIMEOUT_SECONDS = 4;
const onlyWhole = [new CacheableResponsePlugin({ statuses: [200] })];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      // A kept file, from this device; any other, from the shop, never kept by itself.
      matcher: ({ url, request }) =>
        request.method === 'GET' && url.pathname.startsWith('/api/library/files/'),
      handler: async ({ request }) => {
        const kept = await caches
          .open(OFFLINE_CACHES.kept)
          .then((cache) => cache.match(request.url));
        if (!kept) return fetch(request);
        return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
      },
    },
    {
      matcher: ({ url, request }) => request.method === 'GET' && url.pathname === '/api/library',
      handler: new NetworkFirst({
        cacheName: OFFLINE_CACHES.data,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: onlyWhole,
      }),
    },
    {
      matcher: ({ request, url }) =>
        request.mode === 'navigate' &&
        (url.pathname === '/library' || url.pathname.startsWith('/library/')),
      handler: new NetworkFirst({
        cacheName: OFFLINE_CACHES.pages,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: onlyWhole,
      }),
    },
    {
      matcher: ({ url, request }) =>
        request.method === 'GET' &&
        (url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/images/products/')),
      handler: new CacheFirst({ cacheName: OFFLINE_CACHES.code, plugins: onlyWhole }),
    },
    // Everything else the library's pages ask (saves, sign-in, other API calls): the network.
    { matcher: () => true, handler: new NetworkOnly() },
  ],
});

serwist.addEventListeners();
