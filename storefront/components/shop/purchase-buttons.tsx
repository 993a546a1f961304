import { AddToCartButton } from './add-to-cart-button';
import { BuyNowButton } from './buy-now-button';
import type { ShopProduct } from './shop-product';

/** A shop card's Add to Cart and Buy Now, side by side from sm up. */
export function PurchaseButtons({ product }: { product: ShopProduct }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <AddToCartButton product={product} />
      <BuyNowButton product={product} />
    </div>
  );
}
