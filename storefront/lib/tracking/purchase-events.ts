/**
 * The ad pixel's Purchase event (docs/product.md#api for the event, #constants-and-limits for its
 * values): built here as plain data, sent by the pages with `trackEvent`.
 */
import type { TrackingData } from './meta-pixel';

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

/**
 * A thank-you page's Purchase: one item, the page's eBook at its catalogue price (the generic
 * page's is the foundational guide), whatever the order held.
 */
export function purchaseEventForThankYouPage(product: {
  id: string;
  name: string;
  price: number;
}): TrackingData {
  return {
    content_name: product.name,
    content_ids: [product.id],
    content_type: 'product',
    value: dollars(product.price),
    currency: 'USD',
  };
}
