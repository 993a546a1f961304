/**
 * The ad pixel (docs/product.md#the-ad-pixel, #api, #constants-and-limits). Events go to
 * `window.fbq` only once the pixel has been loaded, which happens only with a configured pixel
 * id and the visitor's consent; otherwise they are skipped. A failing pixel must never break
 * the page: its errors are logged and ignored.
 *
 * The pixel reads the page's address and referrer itself when it is handed an event, so events
 * wait until its script has loaded and are then handed over one by one, synchronously, while
 * the address bar holds the address as the pixel may see it (a private page without its query);
 * it only ever sees the referrer's origin. Its automatic collection (button clicks, page
 * metadata, a PageView on every history change) is switched off. Why this way:
 * docs/adr/0027-consent-records.md.
 */
import { addressForPixel, isPrivateAddress, referrerForPixel } from './page-address';

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
  disablePushState?: boolean;
  allowDuplicatePageViews?: boolean;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** The cookies the pixel sets on the shop's own domain. */
export const PIXEL_COOKIES = ['_fbp', '_fbc'];

/** The queue this file installed, until Meta's script takes it over (it adds `callMethod`). */
let ownQueue: Fbq | null = null;
/** Consent was withdrawn in this page: nothing more is sent, whatever is still loaded. */
let stopped = false;
/** Events raised before Meta's script had loaded, handed over once it has. */
let waiting: unknown[][] = [];

const currentAddress = () => new URL(window.location.href);

/**
 * Runs `show` while the address bar holds the address the pixel may see, and puts the page's
 * own address back before anything else can run. History's own method is called, not the
 * router's wrapper, so the page keeps its query (the success page still knows its session)
 * and nothing navigates.
 */
function withAddressForPixel(show: () => void): void {
  const address = currentAddress();
  if (!isPrivateAddress(address)) return show();
  const replace = (url: string) =>
    History.prototype.replaceState.call(window.history, window.history.state, '', url);
  replace(addressForPixel(address));
  try {
    show();
  } finally {
    replace(address.href);
  }
}

/** The pixel reads `document.referrer`; any page before may have been private. */
function hideReferrer() {
  const referrer = referrerForPixel(document.referrer);
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
}

export function trackEvent(event: TrackedEvent, data?: TrackingData): void {
  if (typeof window === 'undefined' || typeof window.fbq !== 'function' || stopped) return;
  const call = data ? ['track', event, data] : ['track', event];
  // Our queue would be run by Meta's script when it loads, reading the address of that moment.
  if (window.fbq === ownQueue && !ownQueue.callMethod) waiting.push(call);
  else handOver(window.fbq, call);
}

function handOver(fbq: Fbq, call: unknown[]) {
  try {
    withAddressForPixel(() => fbq(...call));
  } catch (error) {
    console.error(`Error tracking ${String(call[1])} event:`, error);
  }
}

/** Meta's script has run: the events raised meanwhile are handed over, unless withdrawn. */
function handOverWaiting(fbq: Fbq) {
  const calls = waiting;
  waiting = [];
  if (stopped) return;
  for (const call of calls) handOver(fbq, call);
}

/**
 * Installs the pixel's command queue and loads its script once; a pixel stopped by a
 * withdrawal is granted again. The queue is the pixel's documented loader, written out here
 * so no inline script (and no CSP exception) is needed.
 */
export function loadMetaPixel(pixelId: string): void {
  if (typeof window === 'undefined') return;
  if (window.fbq) {
    if (stopped && window.fbq === ownQueue) window.fbq('consent', 'grant');
    stopped = false;
    return;
  }
  stopped = false;
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue?.push(args);
  };
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  // No PageView of its own on history changes: this file decides which pages are told.
  fbq.disablePushState = true;
  window.fbq = fbq;
  window._fbq ??= fbq;
  ownQueue = fbq;
  hideReferrer();
  // Before init, as Meta documents: no automatic button-click and page-metadata events.
  fbq('set', 'autoConfig', false, pixelId);
  fbq('init', pixelId);
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT_URL;
  script.addEventListener('load', () => handOverWaiting(fbq), { once: true });
  document.head.appendChild(script);
  script.addEventListener('error', () => console.error('The ad pixel could not be loaded'));
}

/**
 * Consent withdrawn: the pixel is told to stop, nothing more is sent from this page, and its
 * cookies are deleted (on this host and each parent domain it may have used).
 */
export function stopMetaPixel(): void {
  if (typeof window === 'undefined') return;
  stopped = true;
  try {
    window.fbq?.('consent', 'revoke');
  } catch (error) {
    console.error('The ad pixel could not be stopped:', error);
  }
  deletePixelCookies();
}

export function deletePixelCookies(): void {
  const labels = window.location.hostname.split('.');
  const domains = [''];
  for (let start = 0; start < labels.length - 1; start += 1)
    domains.push(`; domain=.${labels.slice(start).join('.')}`);
  for (const name of PIXEL_COOKIES)
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; path=/${domain}`;
}
