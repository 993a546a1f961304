'use client';
/**
 * Add to Cart (docs/product.md#states): puts one copy in the cart and then reads 'Added to Cart'.
 * Once the eBook is in the cart a second press does nothing, so a double tap never buys two copies;
 * quantities are changed in the cart drawer.
 */
import { useCart } from '@/components/cart/cart-provider';
import { StrokeIcon } from '@/components/icons/stroke-icon';
import { cartItemFromProduct } from '@/lib/cart/cart-item';
import { addToCartData } from '@/lib/tracking/cart-events';
import { trackEvent } from '@/lib/tracking/meta-pixel';
import type { ShopProduct } from './shop-product';

export function AddToCartButton({ product }: { product: ShopProduct }) {
  const { lines, add } = useCart();
  const inCart = lines.some((line) => line.id === product.id);

  function addToCart() {
    if (inCart) return;
    const item = cartItemFromProduct(product);
    add(item);
    trackEvent('AddToCart', addToCartData({ ...item, currency: product.currency }));
  }

  return (
    <button
      type="button"
      onClick={addToCart}
      aria-disabled={inCart || undefined}
      className={`flex w-full items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${
        inCart
          ? 'cursor-default border border-emerald-700 bg-emerald-50 text-emerald-900'
          : 'border border-emerald-700 text-emerald-800 hover:bg-emerald-50'
      }`}
    >
      {inCart ? (
        <StrokeIcon strokeWidth="2.5">
          <path d="M5 12l5 5 9-10" />
        </StrokeIcon>
      ) : null}
      {inCart ? 'Added to Cart' : 'Add to Cart'}
    </button>
  );
}
