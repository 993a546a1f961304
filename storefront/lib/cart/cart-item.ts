/**
 * A line of the cart (docs/product.md#data): prices in dollars, as the cart shows and stores them.
 */
export interface CartItem {
  /** The product id, which the checkout sends to the commerce service. */
  id: string;
  name: string;
  description?: string;
  /** Dollars: the catalogue price in cents divided by 100. Display only; the server prices the order. */
  price: number;
  quantity: number;
  image: string;
}

/** Shown for a product the catalogue lists without a picture. */
export const FALLBACK_CART_IMAGE = '/images/ebook-fallback.svg';

export { MAX_LINE_QUANTITY } from '@aba-shop/contract/constants';

export interface CartProduct {
  id: string;
  name: string;
  description?: string;
  /** Cents. */
  price: number;
  images: string[];
}

/** A product as it enters the cart; the quantity is set by the cart itself. */
export function cartItemFromProduct(product: CartProduct): Omit<CartItem, 'quantity'> {
  return {
    id: product.id,
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    price: product.price / 100,
    image: product.images[0] ?? FALLBACK_CART_IMAGE,
  };
}

/** The cart's total in cents, summed in whole cents so no floating-point pennies creep in. */
export function cartTotalCents(lines: CartItem[]): number {
  return lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
}
