/**
 * The ad-pixel payloads of the cart and the shop (docs/product.md#api, tracking), built as plain
 * data.
 */
import type { TrackingData } from './meta-pixel';

interface TrackedLine {
  id: string;
  name: string;
  /** Dollars. */
  price: number;
  quantity: number;
}

/** InitiateCheckout: every line's id and name, the total in dollars, the number of copies. */
export function initiateCheckoutData(lines: TrackedLine[]): TrackingData {
  const cents = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return {
    content_ids: lines.map((line) => line.id),
    content_name: lines.map((line) => line.name),
    content_type: 'product',
    value: cents / 100,
    currency: 'USD',
    num_items: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** AddToCart: one product, its price in dollars and its currency upper-cased (USD by default). */
export function addToCartData(product: {
  id: string;
  name: string;
  /** Dollars. */
  price: number;
  currency?: string | null;
}): TrackingData {
  return {
    content_name: product.name,
    content_ids: [product.id],
    content_type: 'product',
    value: product.price,
    currency: (product.currency || 'USD').toUpperCase(),
  };
}
