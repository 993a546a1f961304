import Link from 'next/link';
import { SectionUnavailable } from '@/components/layout/section-unavailable';
import { BuyNowButton } from '@/components/shop/buy-now-button';
import { toShopProduct } from '@/components/shop/shop-product';
import { membershipOf, pricePerPeriod, type Catalogue } from '@/lib/catalogue/catalogue';

/**
 * The membership page's offer (docs/product.md#membership-page): the catalogue's membership with
 * its price a month and 'Become a member', which starts its checkout as the shop's Buy Now does;
 * or, without it, why it cannot be bought now. `catalogue` is null when the shop API could not
 * be read. No picture: next/image would add 5.6 KB gzip to the page's first-load JavaScript,
 * more than the button's checkout code.
 */
export function MembershipOffer({ catalogue }: { catalogue: Catalogue | null }) {
  const membership = membershipOf(catalogue);
  return (
    <section
      aria-labelledby="membership-offer-heading"
      className="mx-auto max-w-3xl space-y-6 px-4"
    >
      <h2 id="membership-offer-heading" className="text-center text-3xl font-bold">
        Become a member
      </h2>
      {membership ? (
        <article
          aria-labelledby="membership-name"
          className="flex flex-col gap-4 rounded-3xl border-2 border-emerald-700 bg-gradient-to-br from-emerald-50 to-white p-6 shadow-md md:p-8"
        >
          <h3 id="membership-name" className="text-2xl font-bold">
            {membership.name}
          </h3>
          <p className="text-slate-700">{membership.description}</p>
          <p className="text-4xl font-bold text-emerald-800">{pricePerPeriod(membership)}</p>
          <p className="text-sm text-slate-700">
            Renews every month until you cancel. Sign in with the e-mail address you pay with to
            find your membership on your account page.
          </p>
          <BuyNowButton product={toShopProduct(membership)} className="sm:self-start">
            Become a member
          </BuyNowButton>
        </article>
      ) : catalogue ? (
        <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900">
          The membership is not open to new members right now. Please check back soon or{' '}
          <Link href="/contact" className="font-semibold underline">
            contact us
          </Link>
          .
        </p>
      ) : (
        <SectionUnavailable what="The membership" />
      )}
    </section>
  );
}
