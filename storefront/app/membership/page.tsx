import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { WITHDRAWAL_PERIOD_DAYS } from '@aba-shop/contract/constants';
import { TextCards } from '@/components/layout/text-cards';
import { MembershipOffer } from '@/components/membership/membership-offer';
import { JsonLd } from '@/components/seo/json-ld';
import { ProductsLoading } from '@/components/shop/products-loading';
import { membershipOf, pricePerPeriod, type Catalogue } from '@/lib/catalogue/catalogue';
import { readCatalogue, readCatalogueForPage } from '@/lib/commerce/products';
import { storefrontConfig } from '@/lib/config';
import {
  MEMBER_BENEFITS,
  MEMBER_BENEFITS_SUMMARY,
  MEMBERSHIP_CANCELLING,
  MEMBERSHIP_PATH,
  MEMBERSHIP_WITHDRAWAL,
} from '@/lib/membership/membership-offer';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { membershipData } from '@/lib/seo/structured-data';

// Served from the page cache like the shop: rendered again after a minute, never while the
// catalogue could not be read (the offer's unavailable marker, storefront/cache-handler.mjs).
export const revalidate = 60;

/** The catalogue's name and price a month when it sells the membership, then what members get. */
function membershipDescription(products: Catalogue | null): string {
  const membership = membershipOf(products);
  const offer = membership ? `${membership.name}, ${pricePerPeriod(membership)}. ` : '';
  return `${offer}${MEMBER_BENEFITS_SUMMARY} Cancel any time.`;
}

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: 'Parent Support Membership',
    description: membershipDescription(await readCatalogue()),
    path: MEMBERSHIP_PATH,
  });
}

/** How a membership ends: cancelled from the account, or withdrawn from within the first days. */
const MEMBERSHIP_ENDINGS = [
  {
    title: 'Cancelling',
    text: MEMBERSHIP_CANCELLING,
    href: '/account',
    link: 'Go to your account',
  },
  {
    title: `${WITHDRAWAL_PERIOD_DAYS} days to change your mind`,
    text: MEMBERSHIP_WITHDRAWAL,
    href: '/withdraw',
    link: 'Withdraw from the membership',
  },
];

export default function MembershipPage() {
  return (
    <main className="space-y-20 pb-16">
      <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-16 text-center">
        <div className="mx-auto max-w-3xl space-y-5">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Parent Support Membership
          </h1>
          <p className="text-lg text-slate-700">
            Support that keeps going after the books: every month a new worksheet pack and a
            recorded Q&amp;A with our ABA team, for parents and caregivers of autistic children.
          </p>
        </div>
      </section>

      <section aria-labelledby="member-benefits-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="member-benefits-heading" className="text-center text-3xl font-bold">
          What members get
        </h2>
        <TextCards items={MEMBER_BENEFITS} cardClassName="bg-slate-50" />
      </section>

      <Suspense fallback={<ProductsLoading message="Loading the membership..." />}>
        <MembershipOfferWithData />
      </Suspense>

      <section
        aria-labelledby="membership-terms-heading"
        className="mx-auto max-w-3xl space-y-6 px-4"
      >
        <h2 id="membership-terms-heading" className="text-3xl font-bold">
          Cancel any time
        </h2>
        {MEMBERSHIP_ENDINGS.map((ending) => (
          <div key={ending.href} className="space-y-2">
            <h3 className="text-xl font-semibold">{ending.title}</h3>
            <p className="text-slate-700">{ending.text}</p>
            <Link href={ending.href} className="font-semibold text-emerald-800 underline">
              {ending.link}
            </Link>
          </div>
        ))}
      </section>
    </main>
  );
}

/**
 * The offer and its structured data: the part of the page that waits for the shop API, streamed
 * after what members get, which is sent at once.
 */
async function MembershipOfferWithData() {
  const products = await readCatalogueForPage('The membership page');
  const membership = membershipOf(products);
  return (
    <>
      <MembershipOffer catalogue={products} />
      {membership ? (
        <JsonLd data={membershipData(membership, storefrontConfig().SITE_URL)} />
      ) : null}
    </>
  );
}
