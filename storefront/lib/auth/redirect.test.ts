import { referrerPath, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/shop', '/shop'],
    ['/admin/subscriptions', '/admin/subscriptions'],
    ['/blog/featured-1?x=1', '/blog/featured-1?x=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/auth/callback?code=x', '/'],
    ['/ok\u0000', '/'],
  ])('sends %j to %j', (candidate, path) => {
    expect(safeRedirectPath(candidate)).toBe(path);
  });
});

describe('referrerPath', () => {
  it('keeps the path of a referrer on this site', () => {
    expect(referrerPath('http://127.0.0.1:3000/shop?x=1', 'http://127.0.0.1:3000')).toBe(
      '/shop?x=1',
    );
  });

  it('ignores another site and nonsense', () => {
    expect(referrerPath('https://evil.example/shop', 'http://127.0.0.1:3000')).toBeNull();
    expect(referrerPath('', 'http://127.0.0.1:3000')).toBeNull();
  });
});
