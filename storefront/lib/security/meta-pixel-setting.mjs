/**
 * The ad pixel as the storefront's server is given it when it starts: META_PIXEL_ID, and the
 * two Meta hosts that join the security policy of every answer when it is set
 * (docs/adr/0041-the-pixel-id-read-at-run-time.md). The pages and their headers are built
 * without the pixel (lib/security/security-headers.ts), so one build serves a shop with a pixel
 * and one without; server.mjs widens the policy as an answer leaves it, and does nothing at all
 * when no pixel is set. Plain JavaScript, run without a build step.
 */

/** Where the Meta pixel loads its code from and where it sends its events. */
export const META_PIXEL_SCRIPT_ORIGIN = 'https://connect.facebook.net';
export const META_PIXEL_REPORT_ORIGIN = 'https://www.facebook.com';

/** What each directive allows more with a pixel: its script, and where the script reports. */
const PIXEL_SOURCES = new Map([
  ['script-src', [META_PIXEL_SCRIPT_ORIGIN]],
  ['connect-src', [META_PIXEL_REPORT_ORIGIN, META_PIXEL_SCRIPT_ORIGIN]],
]);

/** A pixel id as Meta's Events Manager shows it. */
export const META_PIXEL_ID_PATTERN = /^\d{15,16}$/;
export const META_PIXEL_ID_RULE =
  "must be the pixel's id as Meta's Events Manager shows it: 15 or 16 digits";

/** META_PIXEL_ID as lib/config.ts reads it: unset or empty is no pixel. */
export function readMetaPixelId(value) {
  if (!value) return { ok: true, pixelId: undefined };
  if (!META_PIXEL_ID_PATTERN.test(value)) return { ok: false, message: META_PIXEL_ID_RULE };
  return { ok: true, pixelId: value };
}

/**
 * The policy with the pixel's hosts, each put after the directive's keywords ('self', a nonce)
 * and before its hosts, where the policy has always named them; one already there is not added
 * again, so a policy that allows the pixel comes back as it was.
 */
export function withMetaPixel(policy) {
  return policy
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const added = (PIXEL_SOURCES.get(name) ?? []).filter((source) => !sources.includes(source));
      if (added.length === 0) return directive.trim();
      const firstHost = sources.findIndex((source) => !source.startsWith("'"));
      sources.splice(firstHost === -1 ? sources.length : firstHost, 0, ...added);
      return [name, ...sources].join(' ');
    })
    .join('; ');
}

/**
 * Lets the pixel in through the answer's security policy, whatever set it (next.config
 * `headers()`, proxy.ts for blog posts and the admin console, or nobody: then there is none to
 * widen). Done once, as the headers are written: Node.js writes them through writeHead, which
 * write() and end() call too when nothing called it before.
 */
export function allowMetaPixel(response) {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadWithPixel(...args) {
    const policy = this.headersSent ? undefined : this.getHeader('content-security-policy');
    if (typeof policy === 'string')
      this.setHeader('content-security-policy', withMetaPixel(policy));
    else if (Array.isArray(policy))
      this.setHeader('content-security-policy', policy.map(withMetaPixel));
    return writeHead.apply(this, args);
  };
}
