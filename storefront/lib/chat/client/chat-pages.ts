/**
 * The content pages that show the chat assistant (docs/product.md#what-the-shop-is). Shopping,
 * checkout, thank-you, sign-in and admin pages stay free of it, so it never covers a buy or pay
 * button.
 */
const CHAT_PAGES = [
  '/',
  '/about',
  '/blog',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
  '/no-refund-policy',
];

export function showsChatAssistant(pathname: string | null): boolean {
  if (!pathname) return false;
  return CHAT_PAGES.includes(pathname) || pathname.startsWith('/blog/');
}
