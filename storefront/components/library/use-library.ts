'use client';
/** The library as every library page reads it: one request, shared, places sent first. */
import useSWR from 'swr';
import { fetchLibrary, LIBRARY_PATH } from '@/lib/commerce/api/library';
import { sendWaitingPlaces } from '@/lib/library/use-place-keeper';

async function loadLibrary() {
  // A place kept offline goes before the library is read, so the list shows it.
  await sendWaitingPlaces();
  return fetchLibrary();
}

export function useLibrary() {
  return useSWR(LIBRARY_PATH, loadLibrary, { revalidateOnFocus: false });
}
