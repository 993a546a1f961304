import { commerceApiTarget, isStorefrontApiRoute } from './api-proxy';

const COMMERCE = 'http://127.0.0.1:4000';

describe('commerceApiTarget', () => {
  it.each([
    ['/api/products', '', 'http://127.0.0.1:4000/api/products'],
    [
      '/api/products/purchase-detail',
      '?sessionId=cs_1',
      'http://127.0.0.1:4000/api/products/purchase-detail?sessionId=cs_1',
    ],
    ['/api/users/me', '', 'http://127.0.0.1:4000/api/users/me'],
    ['/api/chatbot', '', 'http://127.0.0.1:4000/api/chatbot'],
  ])('forwards %s%s to the commerce service', (pathname, search, target) => {
    expect(commerceApiTarget(pathname, search, COMMERCE)?.toString()).toBe(target);
  });

  it.each([
    '/api/blogposts',
    '/api/blogposts/featured-1',
    '/api/chat',
    '/api/revalidate',
    '/about',
    '/apix',
  ])('keeps %s on the storefront', (pathname) => {
    expect(commerceApiTarget(pathname, '', COMMERCE)).toBeNull();
  });

  it('does not let a crafted path leave the commerce origin', () => {
    expect(commerceApiTarget('/api//evil.example/x', '', COMMERCE)?.origin).toBe(COMMERCE);
  });
});

describe('isStorefrontApiRoute', () => {
  it('matches whole path segments only', () => {
    expect(isStorefrontApiRoute('/api/chat')).toBe(true);
    expect(isStorefrontApiRoute('/api/chatty')).toBe(false);
  });
});
