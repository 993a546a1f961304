/**
 * Which thank-you page a purchased product leads to (spec §4 "Thank-you route matching"):
 * by its name, case-insensitively, so a renamed price in the payment provider still finds
 * its page as long as the name keeps the book's title.
 */

export type ThankYouSlug =
  'ebook-aba-for-parents' | 'ebook-aba-case-studies' | 'ebook-aba-complete-pack';

export const GENERIC_THANK_YOU_PATH = '/thank-you';

// Checked in the spec's order: the longer name first, then its short form.
const RULES: { contains: string[]; slug: ThankYouSlug }[] = [
  { contains: ['ebook aba for parents', 'aba for parents'], slug: 'ebook-aba-for-parents' },
  { contains: ['ebook aba case studies', 'case studies'], slug: 'ebook-aba-case-studies' },
  { contains: ['ebook aba complete pack', 'complete pack'], slug: 'ebook-aba-complete-pack' },
];

/** The thank-you slug of a product name, or null when the name matches no known eBook. */
export function matchThankYouSlug(productName: string): ThankYouSlug | null {
  const name = productName.toLowerCase();
  return RULES.find((rule) => rule.contains.some((part) => name.includes(part)))?.slug ?? null;
}

/** The thank-you route of a product name, carrying `?sessionId=` when there is one. */
export function matchThankYouRoute(productName: string, sessionId?: string | null): string {
  const slug = matchThankYouSlug(productName);
  const path = slug ? `${GENERIC_THANK_YOU_PATH}/${slug}` : GENERIC_THANK_YOU_PATH;
  return sessionId ? `${path}?sessionId=${encodeURIComponent(sessionId)}` : path;
}

/** Where the success page sends the buyer after its pause: the first product's page. */
export function thankYouRouteAfterPurchase(
  products: { productName: string }[],
  sessionId: string,
): string {
  const [first] = products;
  return first ? matchThankYouRoute(first.productName, sessionId) : GENERIC_THANK_YOU_PATH;
}
