/**
 * Which language a page speaks (docs/product.md#languages): the Italian pages, and English for
 * the rest. What a page links to or asks in its visitor's language follows it (the cookie
 * banner, the footer's withdrawal link), and so do the e-mails that follow a purchase made from
 * an Italian thank-you page (docs/product.md#keeping-in-touch). Free of zod, for the browser.
 */

/** The Italian pages, each with the pages below it. */
const ITALIAN_PATHS = [
  '/login',
  '/admin',
  '/checkout/error',
  '/thank-you/aba-for-parents',
  '/thank-you/case-studies',
  '/withdraw/it',
];

/** The page at `path` or one below it. */
export const isUnderPath = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/** The language of the page at this path (docs/product.md#languages). */
export function pageLanguage(pathname: string): 'en' | 'it' {
  if (ITALIAN_PATHS.some((path) => isUnderPath(pathname, path))) return 'it';
  // A blog post is Italian; the list at /blog is English.
  return /^\/blog\/[^/]+\/?$/.test(pathname) ? 'it' : 'en';
}

/**
 * The language of a page an e-mail links to (the newsletter's confirmation and unsubscribe
 * pages, the review form), which the e-mail was written in: the commerce service marks an
 * Italian one's link with `?lang=it` (`linkInLanguage`), the storefront reads it back
 * (`languageOfLink`). English unless it says so.
 */
export function linkInLanguage(url: URL, language: 'en' | 'it'): URL {
  if (language === 'it') url.searchParams.set('lang', 'it');
  return url;
}

export const languageOfLink = (lang: string | string[] | undefined): 'en' | 'it' =>
  lang === 'it' ? 'it' : 'en';
