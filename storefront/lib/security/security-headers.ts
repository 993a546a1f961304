/**
 * The security headers of every storefront answer, fixed at build time (next.config
 * `headers()`) so pages stay cached; blog posts get the CMS preview's frame rule at run time
 * (proxy.ts), and the pay page may load Stripe.js. Why no nonce on public pages, and what the
 * policy keeps out: docs/adr/0008-browser-security-policy-and-cross-site-guard.md, ADR 0017;
 * the admin console, rendered per request, has a nonce instead of 'unsafe-inline': ADR 0025.
 * The ad pixel's hosts are none of the build's: when META_PIXEL_ID is set, the storefront's
 * server adds them to every answer's policy (withMetaPixel,
 * docs/adr/0041-the-pixel-id-read-at-run-time.md).
 */

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The pay page, which mounts Stripe's embedded Checkout (docs/product.md#embedded-checkout). */
export const EMBEDDED_CHECKOUT_PATH = '/checkout/pay';

/**
 * What embedded Checkout needs of the browser (ADR 0017): Stripe.js from js.stripe.com, its
 * frames and Checkout's own, and the API they call. Allowed on the pay page only.
 */
export const STRIPE_CHECKOUT_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
} as const;

export interface SecurityHeaderOptions {
  /** `next dev`: React's refresh and error overlay evaluate code, so eval is allowed there only. */
  development: boolean;
  /** Origins that may frame the page; none by default (the CMS admin's preview is the exception). */
  frameAncestors?: readonly string[];
  /** The pay page: Stripe's hosts for embedded Checkout are allowed. */
  stripeCheckout?: boolean;
  /**
   * A page rendered per request (the admin console): its scripts run by this nonce, and what
   * they load, rather than by 'unsafe-inline' (ADR 0025).
   */
  nonce?: string;
}

/**
 * This build's options. Read as literal `process.env.…` so that the bundler inlines them into
 * proxy.ts exactly as it does for the browser code, and next.config reads the same values.
 * Never the pixel: that is a setting of the running server, not of the build.
 */
export function buildSecurityOptions(): SecurityHeaderOptions {
  return { development: process.env.NODE_ENV === 'development' };
}

export interface HeaderRule {
  source: string;
  has?: { type: 'header'; key: string; value?: string }[];
  headers: { key: string; value: string }[];
}

export function contentSecurityPolicy({
  development,
  frameAncestors = [],
  stripeCheckout = false,
  nonce,
}: SecurityHeaderOptions): string {
  const stripe = stripeCheckout ? STRIPE_CHECKOUT_SOURCES : { script: [], frame: [], connect: [] };
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'unsafe-inline': Next's inline bootstrap scripts, since pages are static (no nonce);
    // a page rendered per request names its nonce instead, and 'strict-dynamic' lets the
    // scripts it trusts load Next's chunks (ADR 0025).
    'script-src': [
      "'self'",
      ...(nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'"] : ["'unsafe-inline'"]),
      ...(development ? ["'unsafe-eval'"] : []),
      ...stripe.script,
    ],
    // React's style attributes (next/image among them) are inline styles.
    'style-src': ["'self'", "'unsafe-inline'"],
    // CMS media are served on this origin under /uploads; an article may also embed an image
    // by https address (the rich-text sanitiser allows exactly that), and the pixel reports
    // through an image.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'"],
    // The browser talks to this origin only (/api/*, the chat), and on the pay page Stripe.js
    // talks to Stripe; the pixel, when there is one, sends its events (withMetaPixel).
    'connect-src': ["'self'", ...stripe.connect],
    'frame-src': stripe.frame.length > 0 ? [...stripe.frame] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The only forms that post are this site's own (the local test checkout page posts to
    // /api/checkout/local/…); Stripe Checkout and Google sign-in are navigations, not forms.
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors.length > 0 ? [...frameAncestors] : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers every answer carries (HSTS aside: that one depends on how the request came). */
export function securityHeaders(options: SecurityHeaderOptions): { key: string; value: string }[] {
  return [
    { key: 'content-security-policy', value: contentSecurityPolicy(options) },
    { key: 'x-content-type-options', value: 'nosniff' },
    { key: 'x-frame-options', value: 'DENY' },
    { key: 'referrer-policy', value: 'strict-origin-when-cross-origin' },
    {
      key: 'permissions-policy',
      value: `accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(${paymentFrames(options)}), usb=()`,
    },
  ];
}

/** Only Stripe's Checkout frame may ask for the Payment Request API (its wallet buttons). */
function paymentFrames({ stripeCheckout = false }: SecurityHeaderOptions): string {
  return stripeCheckout ? '"https://checkout.stripe.com" "https://js.stripe.com"' : '';
}

/** Every path, without a named parameter (see below). */
export const EVERY_PATH = '/(.*)';

/**
 * The rules for next.config `headers()`: the headers above on every path, and HSTS only when
 * the request reached the TLS-terminating proxy over https (it says so in x-forwarded-proto;
 * a proxy chain may list several protocols, the first being the client's). Over plain http,
 * as in local runs, HSTS would be meaningless at best.
 *
 * The source names no parameter: for a rule whose path gives parameters, Next compiles every
 * header value holding a colon (the policy's `data:` and `https:`) as a path pattern at every
 * request, in case it refers to one: about 6% of serving a cached page (docs/performance.md).
 */
export function securityHeaderRules(options: SecurityHeaderOptions): HeaderRule[] {
  return [
    { source: EVERY_PATH, headers: securityHeaders(options) },
    {
      source: EVERY_PATH,
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https(?:\\s*,.*)?' }],
      headers: [{ key: 'strict-transport-security', value: HSTS_VALUE }],
    },
    // Later rules win: the pay page alone gets Stripe's hosts (ADR 0017).
    {
      source: EMBEDDED_CHECKOUT_PATH,
      headers: securityHeaders({ ...options, stripeCheckout: true }),
    },
  ];
}
