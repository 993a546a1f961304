import { showsChatAssistant } from './chat-pages';

describe('showsChatAssistant', () => {
  it.each([
    '/',
    '/about',
    '/blog',
    '/blog/featured-1',
    '/blog/getting-started-with-aba',
    '/contact',
    '/privacy-policy',
    '/terms-and-conditions',
    '/no-refund-policy',
  ])('shows the chat on the content page %s', (pathname) => {
    expect(showsChatAssistant(pathname)).toBe(true);
  });

  it.each([
    '/shop',
    '/checkout/success',
    '/checkout/cancel',
    '/checkout/error',
    '/thank-you',
    '/thank-you/ebook-aba-for-parents',
    '/admin/subscriptions',
    '/login',
    '/auth/callback',
    '/account',
    '/blogger',
    '/about-us',
    null,
  ])('leaves the chat off %s', (pathname) => {
    expect(showsChatAssistant(pathname)).toBe(false);
  });
});
