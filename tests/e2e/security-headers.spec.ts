/** The security headers of every page, asset and API answer the storefront's origin serves. */
import { expect, test, type APIRequestContext } from '@playwright/test';

test.describe('security headers', () => {
  const SEARCH_HIDDEN_PAGES = [
    '/login',
    '/auth/callback',
    '/account',
    '/admin/subscriptions',
    '/admin/orders',
    '/admin/orders/ord_0',
    '/checkout/success',
    '/checkout/cancel',
    '/checkout/error',
    '/thank-you',
    '/thank-you/ebook-aba-for-parents',
    '/thank-you/ebook-aba-case-studies',
    '/thank-you/ebook-aba-complete-pack',
    '/thank-you/aba-for-parents',
    '/thank-you/case-studies',
    '/blog/no-such-post',
    '/no-such-page',
  ];

  /** Every page of the sitemap, and the pages search engines are told to leave alone. */
  async function everyPage(request: APIRequestContext): Promise<string[]> {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] as string).pathname,
    );
    expect(listed).toEqual(expect.arrayContaining(['/', '/shop', '/blog', '/contact', '/about']));
    expect(listed.some((path) => path.startsWith('/blog/'))).toBe(true);
    return [...listed, ...SEARCH_HIDDEN_PAGES];
  }

  /** Who may frame a path: nobody, except the CMS admin's preview panel for blog posts. */
  const framers = (path: string) =>
    path.startsWith('/blog/') ? new URL(process.env.E2E_CMS_URL as string).origin : "'none'";

  function expectPageHeaders(headers: Record<string, string>, what: string) {
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, what).not.toContain('unsafe-eval');
    expect(policy, what).toMatch(/(^|; )default-src 'self'(;|$)/);
    // Public pages are static and cached: Next's inline bootstrap runs by 'unsafe-inline'. The
    // admin console is rendered per request, and its scripts run by a nonce (ADR 0025).
    expect(policy, what).toMatch(
      /^\/admin(\/|$)/.test(what)
        ? /(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'(;|$)/
        : /(^|; )script-src 'self' 'unsafe-inline'(;|$)/,
    );
    expect(
      policy.split('; ').find((directive) => directive.startsWith('frame-ancestors ')),
      what,
    ).toBe(`frame-ancestors ${framers(what)}`);
    expect(policy, what).toMatch(/(^|; )object-src 'none'(;|$)/);
    expect(policy, what).toMatch(/(^|; )base-uri 'self'(;|$)/);
    expect(policy, what).toMatch(/(^|; )form-action 'self'(;|$)/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
    expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], what).toMatch(/camera=\(\).*microphone=\(\)/);
  }

  test('every page, asset and API answer carries them; HSTS only when the visitor came over TLS', async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const pages = await everyPage(request);
    const home = await (await request.get('/')).text();
    const asset = /\/_next\/static\/[^"'\s]+\.js/.exec(home)?.[0];
    const media = /\/uploads\/[^"'\s?]+\.(?:svg|png|jpe?g|webp)/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    expect(media).toBeTruthy();
    const files = [asset as string, '/robots.txt', '/sitemap.xml', '/icon.png'];

    for (const path of [...pages, ...files, '/api/blogposts']) {
      const plain = await request.get(path, { maxRedirects: 0 });
      expect(plain.status(), path).toBeLessThan(500);
      expectPageHeaders(plain.headers(), path);
      expect(plain.headers()['strict-transport-security'], path).toBeUndefined();
      const overTls = await request.get(path, {
        maxRedirects: 0,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers()['strict-transport-security'], path).toMatch(
        /^max-age=31536000; includeSubDomains$/,
      );
    }

    // CMS media come with a policy of their own, stricter still: opened directly, a file is a
    // sandbox that runs no script at all (docs/product.md#uploaded-media). Strapi sends HSTS
    // on every answer; browsers ignore it over plain http (RFC 6797, 8.1).
    const upload = (await request.get(media as string)).headers();
    expect(upload['content-security-policy']).toMatch(/^sandbox; default-src 'none'(;|$)/);
    expect(upload['content-security-policy']).not.toMatch(/script-src|unsafe-eval/);
    expect(upload['x-content-type-options']).toBe('nosniff');
    expect(upload['x-frame-options']).toBe('SAMEORIGIN');

    // The commerce service's JSON answers keep their stricter referrer policy, and are still
    // neither sniffable nor framable, and HSTS follows the visitor's protocol there too.
    for (const path of ['/api/products', '/api/users/me', '/api/nothing-here']) {
      const answer = await request.get(path);
      expect(answer.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers()['x-frame-options'], path).toBe('DENY');
      expect(answer.headers()['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      expect(answer.headers()['strict-transport-security'], path).toBeUndefined();
      const overTls = await request.get(path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers()['strict-transport-security'], path).toMatch(/^max-age=\d+/);
    }
  });
});
