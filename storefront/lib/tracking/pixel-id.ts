/**
 * The shop's ad pixel id, as the running server is configured (META_PIXEL_ID,
 * docs/adr/0041-the-pixel-id-read-at-run-time.md). The pages are built and cached without it,
 * so the browser asks for it (app/tracking-settings/route.ts): once per page load, when the
 * first component that needs it subscribes after hydration (the cookie banner, the footer's
 * "Cookie settings"), which then share the answer; the browser's cache keeps it for the next
 * pages. Until the answer comes, and when none can be had, there is no pixel: nothing is shown
 * and nothing loads.
 */
import { useSyncExternalStore } from 'react';

export const TRACKING_SETTINGS_PATH = '/tracking-settings';

/** What TRACKING_SETTINGS_PATH answers. */
export interface TrackingSettings {
  pixelId: string | null;
}

/** The id in an answer, checked by hand: every page loads this code (no zod there, ADR 0007). */
export function pixelIdOf(answer: unknown): string | null {
  const pixelId = (answer as Partial<TrackingSettings> | null)?.pixelId;
  return typeof pixelId === 'string' && /^\d+$/.test(pixelId) ? pixelId : null;
}

export interface PixelIdSource {
  subscribe(listener: () => void): () => void;
  read(): string | null;
}

/** An id asked of `fetchSettings` at the first subscription, and never again. */
export function pixelIdSource(
  fetchSettings: () => Promise<Response> = () => fetch(TRACKING_SETTINGS_PATH),
): PixelIdSource {
  let pixelId: string | null = null;
  let asked = false;
  const listeners = new Set<() => void>();
  return {
    read: () => pixelId,
    subscribe(listener) {
      listeners.add(listener);
      if (!asked) {
        asked = true;
        void Promise.resolve()
          .then(fetchSettings)
          .then((response) => (response.ok ? response.json() : null))
          .then(pixelIdOf, () => null)
          .then((answered) => {
            pixelId = answered;
            for (const notify of listeners) notify();
          });
      }
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const shopPixelId = pixelIdSource();
/** The server renders no pixel, and hydration starts from the same. */
const noPixel = () => null;

/** The pixel id, or null: without one, or while the browser does not know it yet. */
export function usePixelId(): string | null {
  return useSyncExternalStore(shopPixelId.subscribe, shopPixelId.read, noPixel);
}
