import { formatPrice } from '@aba-shop/service-kit/money';
import { FeatureList } from './feature-list';
import { ProductPicture } from './product-picture';
import { PurchaseButtons } from './purchase-buttons';
import type { ShopProduct } from './shop-product';

const PACK_FEATURES = [
  'The full audiobook collection (MP3)',
  'Progress-tracking templates',
  'Five family success stories',
  'Lifetime access, no login needed',
];

/** The pack of both eBooks (docs/product.md#shop): 'Save 10%' badge, 'Complete Library' tag. */
export function CompletePackCard({
  product,
  contents,
  separateCents,
}: {
  product: ShopProduct;
  /** What the pack holds, with the catalogue's names of its eBooks. */
  contents: string;
  /** What the two eBooks cost bought one by one, when both are on sale. */
  separateCents: number | null;
}) {
  const image = product.images[0];
  return (
    <article
      aria-labelledby="complete-pack-name"
      className="relative grid overflow-hidden rounded-3xl border-2 border-emerald-700 bg-gradient-to-br from-emerald-50 to-white shadow-md md:grid-cols-2"
    >
      <p className="absolute right-4 top-4 rounded-full bg-red-700 px-3 py-1 text-sm font-bold text-white shadow">
        Save 10%
      </p>
      {image ? (
        // Beside the text from md up, the picture fills the card's height without setting it.
        <div className="relative aspect-[3/2] bg-emerald-100 md:aspect-auto">
          <ProductPicture
            src={image}
            className="absolute inset-0 h-full w-full object-contain p-6"
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-4 p-6 md:p-8">
        <p className="w-fit rounded-full bg-emerald-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
          Complete Library
        </p>
        <h3 id="complete-pack-name" className="text-2xl font-bold">
          {product.name}
        </h3>
        <p className="text-slate-700">{product.description}</p>
        <FeatureList features={[contents, ...PACK_FEATURES]} />
        <p className="flex flex-wrap items-baseline gap-3">
          <span className="text-4xl font-bold text-emerald-800">
            {formatPrice(product.price, product.currency)}
          </span>
          {separateCents && separateCents > product.price ? (
            <span className="text-slate-600">
              instead of <s>{formatPrice(separateCents, product.currency)}</s> bought separately
            </span>
          ) : null}
        </p>
        <PurchaseButtons product={product} />
      </div>
    </article>
  );
}
