import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { withMetaPixel } from './meta-pixel-setting.mjs';
import {
  buildSecurityOptions,
  contentSecurityPolicy,
  EMBEDDED_CHECKOUT_PATH,
  EVERY_PATH,
  HSTS_VALUE,
  securityHeaderRules,
  securityHeaders,
} from './security-headers';

/** The policy as directive name -> its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const production = { development: false };

describe('contentSecurityPolicy', () => {
  it('never allows eval in production, and allows it only for next dev', () => {
    expect(directives(contentSecurityPolicy(production))['script-src']).not.toContain(
      "'unsafe-eval'",
    );
    expect(
      directives(contentSecurityPolicy({ ...production, development: true }))['script-src'],
    ).toContain("'unsafe-eval'");
  });

  it('keeps scripts to this origin and its inline bootstrap, with no wildcard host', () => {
    const policy = directives(contentSecurityPolicy(production));
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(Object.values(policy).flat()).not.toContain('*');
  });

  it('runs the scripts of a page rendered per request by its nonce, without unsafe-inline', () => {
    const policy = directives(contentSecurityPolicy({ ...production, nonce: 'bm9uY2U=' }));
    expect(policy['script-src']).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('forbids plugins, foreign base URLs, forms posting elsewhere and framing', () => {
    const policy = directives(contentSecurityPolicy(production));
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
  });

  it('allows the Meta pixel hosts only when the pixel is configured', () => {
    const without = contentSecurityPolicy(production);
    expect(without).not.toMatch(/facebook/);
    const withPixel = directives(withMetaPixel(contentSecurityPolicy(production)));
    expect(withPixel['script-src']).toContain('https://connect.facebook.net');
    expect(withPixel['connect-src']).toEqual(
      expect.arrayContaining(['https://www.facebook.com', 'https://connect.facebook.net']),
    );
    expect(withPixel['script-src']).not.toContain('https://www.facebook.com');
  });

  it("adds the pixel's hosts after the keywords and before the other hosts, as the server does", () => {
    const pixel = 'https://connect.facebook.net';
    const reports = 'https://www.facebook.com';
    const shop = directives(withMetaPixel(contentSecurityPolicy(production)));
    expect(shop['script-src']).toEqual(["'self'", "'unsafe-inline'", pixel]);
    expect(shop['connect-src']).toEqual(["'self'", reports, pixel]);
    const payPage = directives(
      withMetaPixel(contentSecurityPolicy({ ...production, stripeCheckout: true })),
    );
    expect(payPage['script-src']).toEqual([
      "'self'",
      "'unsafe-inline'",
      pixel,
      'https://js.stripe.com',
    ]);
    expect(payPage['connect-src']).toEqual([
      "'self'",
      reports,
      pixel,
      'https://api.stripe.com',
      'https://checkout.stripe.com',
    ]);
    const adminConsole = directives(
      withMetaPixel(contentSecurityPolicy({ ...production, nonce: 'bm9uY2U=' })),
    );
    expect(adminConsole['script-src']).toEqual([
      "'self'",
      "'nonce-bm9uY2U='",
      "'strict-dynamic'",
      pixel,
    ]);
  });

  it('changes, with the pixel, only what the pixel needs, on every kind of page', () => {
    for (const development of [false, true])
      for (const stripeCheckout of [false, true])
        for (const nonce of [undefined, 'bm9uY2U='])
          for (const frameAncestors of [[], ['https://cms.example.com']]) {
            const options = { development, stripeCheckout, nonce, frameAncestors };
            const without = directives(contentSecurityPolicy(options));
            const withPixel = withMetaPixel(contentSecurityPolicy(options));
            const added = Object.fromEntries(
              Object.entries(directives(withPixel)).map(([name, sources]) => [
                name,
                sources.filter((source) => !without[name]?.includes(source)),
              ]),
            );
            expect(added).toEqual({
              ...Object.fromEntries(Object.keys(without).map((name) => [name, []])),
              'script-src': ['https://connect.facebook.net'],
              'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
            });
            // The server may meet a policy that has them already: they are there once.
            expect(withMetaPixel(withPixel)).toBe(withPixel);
          }
  });

  it("is never built with the pixel: that is the running server's setting", () => {
    expect(buildSecurityOptions()).toEqual({ development: false });
    expect(contentSecurityPolicy(buildSecurityOptions())).not.toMatch(/facebook/);
  });

  it('lets only the given origins frame the page when asked (the CMS draft preview)', () => {
    const policy = directives(
      contentSecurityPolicy({ ...production, frameAncestors: ['https://cms.example.com'] }),
    );
    expect(policy['frame-ancestors']).toEqual(['https://cms.example.com']);
  });
});

describe("the pay page's policy (embedded Stripe Checkout)", () => {
  const payPage = { ...production, stripeCheckout: true };

  it("adds Stripe.js, Stripe's frames and Stripe's API, and nothing else", () => {
    const policy = directives(contentSecurityPolicy(payPage));
    expect(policy['script-src']).toEqual(["'self'", "'unsafe-inline'", 'https://js.stripe.com']);
    expect(policy['frame-src']).toEqual(['https://js.stripe.com', 'https://checkout.stripe.com']);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://api.stripe.com',
      'https://checkout.stripe.com',
    ]);
    const shop = directives(contentSecurityPolicy(production));
    for (const name of ['default-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors'])
      expect(policy[name]).toEqual(shop[name]);
  });

  it("lets only Stripe's frames use the Payment Request API (wallet buttons)", () => {
    const permissions = (options: typeof production) =>
      securityHeaders(options).find(({ key }) => key === 'permissions-policy')?.value;
    expect(permissions(production)).toMatch(/(^|, )payment=\(\)/);
    expect(permissions(payPage)).toMatch(
      /(^|, )payment=\("https:\/\/checkout\.stripe\.com" "https:\/\/js\.stripe\.com"\)/,
    );
  });
});

describe('securityHeaders', () => {
  it('sends nosniff, DENY framing, the referrer policy and a permissions policy', () => {
    const headers = Object.fromEntries(
      securityHeaders(production).map(({ key, value }) => [key, value]),
    );
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-security-policy': contentSecurityPolicy(production),
    });
    expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(headers['permissions-policy']).toMatch(/microphone=\(\)/);
    expect(headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});

describe('securityHeaderRules', () => {
  const [everywhere, overTls] = securityHeaderRules(production);

  it('applies the headers to every path', () => {
    expect(everywhere).toEqual({ source: EVERY_PATH, headers: securityHeaders(production) });
    expect(overTls?.source).toBe(EVERY_PATH);
  });

  it('matches every path without a parameter, so Next sends the values as they are', () => {
    // As Next builds its matcher for a `headers()` rule (next/dist/server/lib/router-utils/filesystem.js).
    const match = getPathMatch(EVERY_PATH, { strict: true, removeUnnamedParams: true });
    for (const path of ['/', '/shop', '/blog/a-post', '/_next/static/chunks/app.js', '/api/x']) {
      expect(match(path)).toEqual({});
    }
  });

  it('adds HSTS only for requests that reached the proxy over https', () => {
    expect(overTls?.headers).toEqual([{ key: 'strict-transport-security', value: HSTS_VALUE }]);
    const condition = overTls?.has?.[0];
    expect(condition).toMatchObject({ type: 'header', key: 'x-forwarded-proto' });
    // Next anchors a `has` value as a whole-string regular expression.
    const matches = (value: string) => new RegExp(`^${condition?.value}$`).test(value);
    expect(matches('https')).toBe(true);
    expect(matches('https, http')).toBe(true);
    expect(matches('http')).toBe(false);
    expect(matches('http, https')).toBe(false);
    expect(matches('httpsx')).toBe(false);
  });

  it("gives the pay page, and only that path, the policy with Stripe's hosts", () => {
    const payRule = securityHeaderRules(production).at(-1);
    expect(payRule).toEqual({
      source: EMBEDDED_CHECKOUT_PATH,
      headers: securityHeaders({ ...production, stripeCheckout: true }),
    });
    const match = getPathMatch(payRule?.source ?? '', { strict: true, removeUnnamedParams: true });
    expect(match('/checkout/pay')).toEqual({});
    for (const path of ['/shop', '/checkout/success', '/checkout/payment', '/checkout/pay/x'])
      expect(match(path)).toBe(false);
  });

  it('never puts a Next route parameter into a header value', () => {
    // Header values of a rule with parameters are compiled; `:path` would be replaced.
    for (const rule of securityHeaderRules({ development: true }))
      for (const { value } of rule.headers) expect(value).not.toMatch(/:path/);
  });
});
