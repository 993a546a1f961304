import { formatPrice } from '@aba-shop/service-kit/money';
import { FeatureList } from './feature-list';
import { ProductPicture } from './product-picture';
import { PurchaseButtons } from './purchase-buttons';
import type { ShopProduct } from './shop-product';

/** An 'Individual ABA Guides' card: picture, name, what is inside, price, Add to Cart, Buy Now. */
export function ProductCard({
  product,
  features,
}: {
  product: ShopProduct;
  features: readonly string[];
}) {
  const image = product.images[0];
  return (
    <article
      aria-labelledby={`product-${product.id}`}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {image ? (
        <ProductPicture
          src={image}
          className="aspect-[3/2] h-auto w-full bg-emerald-50 object-contain"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-4 p-6">
        <div>
          <h3 id={`product-${product.id}`} className="text-xl font-bold">
            {product.name}
          </h3>
          <p className="mt-2 text-slate-700">{product.description}</p>
        </div>
        <FeatureList features={features} />
        <p className="mt-auto text-3xl font-bold text-emerald-800">
          {formatPrice(product.price, product.currency)}
        </p>
        <PurchaseButtons product={product} />
      </div>
    </article>
  );
}
