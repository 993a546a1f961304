'use client';
/**
 * Keeps a file's place on the commerce service (docs/product.md#library): at most once every
 * `everyMs` while it changes, at once when asked (a pause, a seek, a chapter), and as the page
 * is hidden. Only a place that changed is sent, so an idle device never overwrites a newer one
 * from another device. A place that cannot be sent (offline) waits in this browser's storage
 * and goes when the connection is back, or when the library opens again.
 */
import { useCallback, useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { LIBRARY_PATH, saveLibraryProgress } from '@/lib/commerce/api/library';

const WAITING_KEY = 'aba-library-unsent-places';

/** A place not yet known to be kept by the shop, and when it was reached. */
interface Place {
  position: number;
  at: number;
}

type Waiting = Record<string, Place>;

function readWaiting(): Waiting {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(WAITING_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Waiting) : {};
  } catch {
    return {};
  }
}

function writeWaiting(waiting: Waiting) {
  try {
    if (Object.keys(waiting).length === 0) localStorage.removeItem(WAITING_KEY);
    else localStorage.setItem(WAITING_KEY, JSON.stringify(waiting));
  } catch {
    // Storage may be blocked (a private window): the place is then only sent while online.
  }
}

/**
 * Sends a place. It waits in this browser's storage until the shop has it: written before the
 * request, since a page being left never hears the answer, and cleared when the answer comes.
 * The shop keeps the place reached last, so sending one again never undoes a newer one.
 */
async function send(fileKey: string, place: Place, leaving: boolean): Promise<void> {
  writeWaiting({ ...readWaiting(), [fileKey]: place });
  try {
    await saveLibraryProgress({ fileKey, ...place }, { leaving });
  } catch {
    return;
  }
  const { [fileKey]: waited, ...others } = readWaiting();
  if (waited?.at === place.at) writeWaiting(others);
  // Leaving the reader or player for the list, which may have been read before this place
  // was kept: it reads it again.
  if (leaving) void mutate(LIBRARY_PATH);
}

/** Sends the places kept while offline (the library and its pages call it as they open). */
export async function sendWaitingPlaces(): Promise<void> {
  await Promise.all(
    Object.entries(readWaiting()).map(([fileKey, place]) => send(fileKey, place, false)),
  );
}

/** Forgets the places waiting in this browser (another buyer's library opens here). */
export function forgetWaitingPlaces(): void {
  writeWaiting({});
}

/** The place of a file still waiting to be sent from this browser, if any. */
export const waitingPlaceOf = (fileKey: string): number | undefined =>
  readWaiting()[fileKey]?.position;

/**
 * `note(position)` as the reader turns pages or the player plays; `note(position, { now: true })`
 * for a pause, a seek or a chapter. With no `fileKey` (a member resource's file) nothing is kept.
 */
export function usePlaceKeeper(fileKey: string | null, everyMs: number) {
  const latest = useRef<Place | null>(null);
  const sent = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(
    (leaving = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const place = latest.current;
      if (fileKey === null || place === null || place.position === sent.current) return;
      sent.current = place.position;
      void send(fileKey, place, leaving);
    },
    [fileKey],
  );

  const note = useCallback(
    (position: number, { now = false }: { now?: boolean } = {}) => {
      latest.current = { position: Math.max(0, Math.round(position)), at: Date.now() };
      if (now) flush();
      else timer.current ??= setTimeout(() => flush(), everyMs);
    },
    [everyMs, flush],
  );

  /** The place the page opened at, which needs no sending. */
  const startAt = useCallback((position: number) => {
    latest.current = null;
    sent.current = position;
  }, []);

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const leaving = () => flush(true);
    const online = () => void sendWaitingPlaces();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('online', online);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('online', online);
      flush(true);
    };
  }, [flush]);

  return { note, startAt };
}
