/**
 * `GET /tracking-settings`: what the browser's tracking code must know of the running server's
 * configuration, which the pages, built and cached without it, cannot carry: the ad pixel's id
 * (META_PIXEL_ID), or null when the shop has none (docs/adr/0041-the-pixel-id-read-at-run-time.md).
 * Asked once per page load, after hydration (lib/tracking/pixel-id.ts).
 */
import { storefrontConfig } from '@/lib/config';
import type { TrackingSettings } from '@/lib/tracking/pixel-id';

// Read when asked, not when the shop is built.
export const dynamic = 'force-dynamic';

/**
 * How long a browser (and a CDN) may keep the answer: the pages of a visit within it ask no
 * more, and a changed id reaches every visitor within it.
 */
const MAX_AGE_SECONDS = 300;

export function GET() {
  const settings: TrackingSettings = { pixelId: storefrontConfig().META_PIXEL_ID ?? null };
  return Response.json(settings, {
    headers: { 'cache-control': `public, max-age=${MAX_AGE_SECONDS}` },
  });
}
