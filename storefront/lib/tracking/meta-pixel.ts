/**
 * The ad pixel (docs/product.md#api, #constants-and-limits). Events go to `window.fbq` only once
 * the pixel has been loaded, which happens only with a configured pixel id and the visitor's
 * consent; otherwise they are skipped. A failing pixel must never break the page: its errors are
 * logged and ignored.
 */

export interface TrackingData {
  content_name?: string | string[];
  content_ids?: string[];
  content_type?: string;
  value?: number;
  currency?: string;
  num_items?: number;
}

export type TrackedEvent = 'PageView' | 'AddToCart' | 'InitiateCheckout' | 'Purchase';

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue?: unknown[][];
  loaded?: boolean;
  version?: string;
  push?: Fbq;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

export function trackEvent(event: TrackedEvent, data?: TrackingData): void {
  if (typeof window === 'undefined' || typeof window.fbq !== 'function') return;
  try {
    if (data) window.fbq('track', event, data);
    else window.fbq('track', event);
  } catch (error) {
    console.error(`Error tracking ${event} event:`, error);
  }
}

/**
 * Installs the pixel's command queue and loads its script once. The queue is the pixel's
 * documented loader, written out here so no inline script (and no CSP exception) is needed.
 */
export function loadMetaPixel(pixelId: string): void {
  if (typeof window === 'undefined' || window.fbq) return;
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue?.push(args);
  };
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  script.onerror = () => console.error('The ad pixel could not be loaded');
  document.head.appendChild(script);
  fbq('init', pixelId);
}
