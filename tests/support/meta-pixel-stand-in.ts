/**
 * A stand-in for Meta's pixel script (https://connect.facebook.net/en_US/fbevents.js), served by
 * the journeys in its place (this machine cannot reach Meta). It behaves as the real one does
 * where privacy is concerned: it takes over the page's `fbq` queue, sets the `_fbp` cookie at
 * `init`, and reports each event to https://www.facebook.com/tr with the page's address (`dl`)
 * and referrer (`rl`) as it reads them at that moment. Left to its defaults it also reports
 * button clicks (`autoConfig`) and a PageView on every history change (unless
 * `fbq.disablePushState`); `fbq('consent', 'revoke')` silences it. Every request the page makes
 * to either Meta host is recorded.
 */
import type { BrowserContext } from '@playwright/test';

/** Runs in the page, as the script Meta serves would. */
function defineMetaPixel() {
  type Fbq = ((...args: unknown[]) => void) & {
    callMethod?: (...args: unknown[]) => void;
    queue?: unknown[][];
    disablePushState?: boolean;
  };
  const fbq = (window as unknown as { fbq?: Fbq }).fbq;
  if (!fbq) return;
  const pixelIds: string[] = [];
  let autoConfig = true;
  let granted = true;
  const send = (event: string, data?: unknown) => {
    if (!granted) return;
    const query = new URLSearchParams({
      id: pixelIds[0] ?? '',
      ev: event,
      dl: window.location.href,
      rl: document.referrer,
      ts: String(Date.now()),
    });
    if (data) query.set('cd', JSON.stringify(data));
    new Image().src = `https://www.facebook.com/tr/?${query.toString()}`;
  };
  const handle = (command: unknown, ...args: unknown[]) => {
    if (command === 'init') {
      pixelIds.push(String(args[0]));
      document.cookie = `_fbp=fb.1.${Date.now()}.1234567890; path=/; max-age=7776000`;
    } else if (command === 'set' && args[0] === 'autoConfig') autoConfig = args[1] !== false;
    else if (command === 'track') send(String(args[0]), args[1]);
    else if (command === 'consent') granted = args[0] === 'grant';
  };
  fbq.callMethod = (...args: unknown[]) => handle(args[0], ...args.slice(1));
  const queued = fbq.queue ?? [];
  fbq.queue = [];
  for (const args of queued) handle(args[0], ...args.slice(1));
  document.addEventListener(
    'click',
    (event) => {
      if (autoConfig && (event.target as Element | null)?.closest('button, a'))
        send('SubscribedButtonClick');
    },
    true,
  );
  if (!fbq.disablePushState) {
    const push = window.history.pushState.bind(window.history);
    window.history.pushState = (...args: Parameters<History['pushState']>) => {
      push(...args);
      send('PageView');
    };
  }
}

export interface PixelTraffic {
  /** Every request to a Meta host, in order, as full URLs. */
  requests: string[];
  /** The reports to /tr: their event, page address and referrer. */
  events(): { ev: string; dl: string; rl: string; url: string }[];
}

/** Serves the stand-in and records every request the context makes to Meta's hosts. */
export async function serveMetaPixelStandIn(context: BrowserContext): Promise<PixelTraffic> {
  const requests: string[] = [];
  await context.route('https://connect.facebook.net/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: `(${defineMetaPixel.toString()})();`,
    });
  });
  await context.route('https://www.facebook.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: 'image/gif',
      body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'),
    });
  });
  return {
    requests,
    events: () =>
      requests
        .filter((url) => new URL(url).pathname.startsWith('/tr'))
        .map((url) => {
          const query = new URL(url).searchParams;
          return {
            ev: query.get('ev') ?? '',
            dl: query.get('dl') ?? '',
            rl: query.get('rl') ?? '',
            url,
          };
        }),
  };
}

/** Whether this storefront runs with a pixel id: its policy then lets Meta's script in. */
export async function storefrontHasPixel(baseURL: string): Promise<boolean> {
  const response = await fetch(baseURL);
  return (response.headers.get('content-security-policy') ?? '').includes('connect.facebook.net');
}
