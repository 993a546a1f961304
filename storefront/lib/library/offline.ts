'use client';
/**
 * 'Keep on this device' (docs/product.md#library): a book's files stored whole in the browser's
 * cache, with the library's pages and the code they run, so that the library, the reader and
 * the player work without a connection. The service worker (app/library/sw.ts) serves them.
 * One buyer's kept books and places are removed when another buyer's library opens here.
 */
import type { LibraryBook } from '@aba-shop/contract';
import { pdfWorkerUrl } from './pdf-worker';
import { LIBRARY_WORKER, OFFLINE_CACHES } from './offline-caches';
import { forgetWaitingPlaces } from './use-place-keeper';

const OWNER_KEY = 'aba-library-owner';

export const offlineSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'caches' in window;

/** Registers the library's service worker, for the library's pages only. */
export async function registerLibraryWorker(): Promise<void> {
  if (!offlineSupported()) return;
  try {
    await navigator.serviceWorker.register(LIBRARY_WORKER.url, { scope: LIBRARY_WORKER.scope });
  } catch {
    // Without a worker the library still works online; 'Keep on this device' says so.
  }
}

/** Everything the library keeps on this device: kept books, pages, list and places. */
export async function forgetThisDevice(): Promise<void> {
  forgetWaitingPlaces();
  if (!offlineSupported()) return;
  await Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name)));
}

/**
 * Called as a library opens: when it is another buyer's than the one whose books this device
 * keeps, the first buyer's are removed before anything is shown.
 */
export async function claimThisDevice(email: string): Promise<void> {
  let owner: string | null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
    localStorage.setItem(OWNER_KEY, email);
  } catch {
    return;
  }
  if (owner !== null && owner !== email) await forgetThisDevice();
}

export async function isKept(book: LibraryBook): Promise<boolean> {
  if (!offlineSupported()) return false;
  const cache = await caches.open(OFFLINE_CACHES.kept);
  const found = await Promise.all(book.files.map((file) => cache.match(file.streamUrl)));
  return found.every(Boolean);
}

/** The scripts and styles a page's HTML loads, to run it offline. */
function assetsOf(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map(
    (match) => match[1] as string,
  );
}

/** The build's files this page has loaded so far (its chunks, the reader's, pdf.js's worker). */
const loadedAssets = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_next/static/'))
    .map((url) => url.pathname + url.search);

/** Stores what these addresses answer now in a cache, whatever the worker does yet. */
async function store(cacheName: string, urls: Iterable<string>): Promise<string[]> {
  const cache = await caches.open(cacheName);
  const bodies: string[] = [];
  for (const url of new Set(urls)) {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (response.headers.get('content-type')?.includes('text/html')) {
      bodies.push(await response.clone().text());
    }
    await cache.put(url, response);
  }
  return bodies;
}

/**
 * The reader's own code (pdf.js and its worker, about 0.7 MB), which no other page loads:
 * fetched ahead by the library's list once it is idle, so that 'Read' does not wait for it, and
 * by 'Keep on this device', so that the reader runs offline.
 */
export async function loadReaderCode(): Promise<void> {
  await import('pdfjs-dist/legacy/build/pdf.mjs');
  await fetch(pdfWorkerUrl());
}

/**
 * Keeps a book on this device: its files, the library's pages for it, the list and the code
 * they run. `onProgress` hears the share done, from 0 to 1.
 */
export async function keepBook(
  book: LibraryBook,
  onProgress: (done: number) => void,
): Promise<void> {
  await registerLibraryWorker();
  const steps = book.files.length + 2;
  let done = 0;
  const step = () => onProgress(++done / steps);
  for (const file of book.files) {
    await store(OFFLINE_CACHES.kept, [file.streamUrl]);
    step();
  }
  const pages = await store(OFFLINE_CACHES.pages, [
    '/library',
    `/library/read/${book.bookKey}`,
    `/library/listen/${book.bookKey}`,
  ]);
  await store(OFFLINE_CACHES.data, ['/api/library']);
  step();
  await loadReaderCode();
  await store(OFFLINE_CACHES.code, [...pages.flatMap(assetsOf), ...loadedAssets()]);
  step();
}

export async function forgetBook(book: LibraryBook): Promise<void> {
  if (!offlineSupported()) return;
  const cache = await caches.open(OFFLINE_CACHES.kept);
  await Promise.all(book.files.map((file) => cache.delete(file.streamUrl)));
}
