import { helmetHeaders } from './security-headers.ts';
import { createTestApp, type TestApp } from '../test-support/app.ts';

describe('security headers', () => {
  it('captures the headers helmet sets', () => {
    const headers = helmetHeaders({ contentSecurityPolicy: false });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': expect.stringMatching(/^max-age=\d+/),
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['content-security-policy']).toBeUndefined();
  });

  describe('on every answer', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it.each(['/api/products', '/healthz', '/api/nothing-here'])(
      '%s carries nosniff, frame and referrer headers',
      async (url) => {
        const response = await t.app.inject({ url });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      },
    );

    it('sends HSTS only when the request came over TLS, as the trusted storefront says', async () => {
      const plain = await t.app.inject({ url: '/api/products' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();

      const overTls = await t.app.inject({
        url: '/api/products',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overTls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);

      // Only the storefront (a trusted proxy address) may say so, not any client.
      const claimed = await t.app.inject({
        url: '/api/products',
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: '203.0.113.9',
      });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('request logs', () => {
  it.each([
    ['/api/downloads/eyJlIjoiZW50In0.c2lnbmF0dXJl', '/api/downloads/[redacted]'],
    [
      '/api/checkout/local/cs_local_abcdefghijklmnopqrstuvwx/pay',
      '/api/checkout/local/[redacted]/pay',
    ],
    ['/api/products?x=1', '/api/products?x=1'],
  ])('log %s as %s', async (url, logged) => {
    const { maskSecretsInPath } = await import('../app.ts');
    expect(maskSecretsInPath(url)).toBe(logged);
  });
});
