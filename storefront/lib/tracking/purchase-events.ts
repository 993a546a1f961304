/**
 * The ad pixel's Purchase event (spec §7 tracking notes, §9 values): built here as plain data,
 * sent by the pages with `trackEvent`.
 */
import type { TrackingData } from './meta-pixel';

/** The dedicated thank-you pages' values; 27.99 is also the default (spec §9). */
const DEDICATED_PAGE_VALUES: Record<string, { name: string; value: number }> = {
  'ebook-aba-for-parents': { name: 'eBook ABA for Parents', value: 27.99 },
  'ebook-aba-case-studies': { name: 'eBook ABA Case Studies', value: 19.99 },
  'ebook-aba-complete-pack': { name: 'eBook ABA Complete Pack', value: 42.99 },
};
const DEFAULT_SLUG = 'ebook-aba-for-parents';

/** Cents to dollars without floating-point dust (0.1 + 0.2). */
const dollars = (cents: number) => Math.round(cents) / 100;

/**
 * The success page's Purchase: every product of the order, its value the sum of the prices in
 * dollars. A line's quantity multiplies its price, since the price is per unit.
 */
export function purchaseEventFromOrder(
  products: { productId: string; productName: string; price: number; quantity?: number }[],
): TrackingData {
  const cents = products.reduce((sum, product) => sum + product.price * (product.quantity ?? 1), 0);
  return {
    content_ids: products.map((product) => product.productId),
    content_name: products.map((product) => product.productName),
    content_type: 'product',
    value: dollars(cents),
    currency: 'USD',
    num_items: products.reduce((sum, product) => sum + (product.quantity ?? 1), 0),
  };
}

/** A dedicated thank-you page's Purchase: one item at the page's fixed value. */
export function purchaseEventForThankYouPage(slug: string): TrackingData {
  const known = Object.hasOwn(DEDICATED_PAGE_VALUES, slug);
  const contentId = known ? slug : DEFAULT_SLUG;
  const { name, value } = DEDICATED_PAGE_VALUES[contentId] as { name: string; value: number };
  return {
    content_name: name,
    content_ids: [contentId],
    content_type: 'product',
    value,
    currency: 'USD',
  };
}
