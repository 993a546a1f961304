import type { Product } from '@aba-shop/contract';
import { ButtonLink } from '@/components/layout/button-link';
import { pricePerPeriod } from '@/lib/catalogue/catalogue';
import { MEMBERSHIP_PATH } from '@/lib/membership/membership-offer';

/**
 * The membership on the shop (docs/product.md#shop): its name, description and price a month,
 * and the way to the membership page, which says what members get and sells it.
 */
export function MembershipCard({
  product,
}: {
  product: Pick<Product, 'id' | 'name' | 'description' | 'price' | 'currency' | 'interval'>;
}) {
  return (
    <article
      aria-labelledby={`product-${product.id}`}
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:flex-row md:items-center md:justify-between md:p-8"
    >
      <div className="space-y-2">
        <h3 id={`product-${product.id}`} className="text-xl font-bold">
          {product.name}
        </h3>
        <p className="text-slate-700">{product.description}</p>
        <p className="text-2xl font-bold text-emerald-800">{pricePerPeriod(product)}</p>
      </div>
      <ButtonLink href={MEMBERSHIP_PATH} className="shrink-0 text-center">
        See what members get
      </ButtonLink>
    </article>
  );
}
