import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { SectionUnavailable } from '@/components/layout/section-unavailable';
import { JsonLd } from '@/components/seo/json-ld';
import { TextCards } from '@/components/layout/text-cards';
import { BuyNowButton } from '@/components/shop/buy-now-button';
import { CompletePackCard } from '@/components/shop/complete-pack-card';
import { ImageCarousel } from '@/components/shop/image-carousel';
import { MembershipCard } from '@/components/shop/membership-card';
import { previewSlides, type PreviewKind } from '@/components/shop/preview-slides';
import { ProductCard } from '@/components/shop/product-card';
import { ProductsLoading } from '@/components/shop/products-loading';
import { toShopProduct } from '@/components/shop/shop-product';
import { ShopTestimonial } from '@/components/shop/shop-testimonial';
import { ShopViewCount } from '@/components/shop/shop-view-count';
import {
  ebookOfKind,
  membershipOf,
  packContents,
  pickShopEbooks,
  shortTitle,
  type Catalogue,
  type EbookKind,
} from '@/lib/catalogue/catalogue';
import { getTestimonials } from '@/lib/cms/testimonials';
import { getPublishedReviews } from '@/lib/cms/reviews';
import { EbookReviews } from '@/components/reviews/ebook-reviews';
import { newestReviewsOf } from '@/lib/reviews/review-summary';
import { readCatalogue, readCatalogueForPage } from '@/lib/commerce/products';
import { storefrontConfig } from '@/lib/config';
import { formatPrice } from '@aba-shop/service-kit/money';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { productListData } from '@/lib/seo/structured-data';

// Served from the page cache: rendered again when the CMS publishes, else after a minute. The
// build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;

/**
 * The eBooks with their prices, from the catalogue: '{guide} ({price}), {stories} ({price}) or
 * the {pack} ({price}, save 10%)', each named by its short title. Without the catalogue, no
 * names or prices.
 */
function shopDescription(products: Catalogue | null): string {
  const offer = (kind: EbookKind, note = '') => {
    const book = ebookOfKind(products, kind);
    return book && `${shortTitle(book.name)} (${formatPrice(book.price, book.currency)}${note})`;
  };
  const guide = offer('foundational');
  const stories = offer('case-studies');
  const pack = offer('complete', ', save 10%');
  const books =
    guide && stories && pack
      ? `${guide}, ${stories} or the ${pack}`
      : 'practical guides and real family stories';
  return `ABA eBooks for parents of autistic children: ${books}. PDF and MP3 audiobook, instant download.`;
}

export async function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    title: 'eBook Collection',
    description: shopDescription(await readCatalogue()),
    path: '/shop',
  });
}

const BENEFITS = [
  {
    title: 'Expert-Backed Content',
    text: 'Evidence-based ABA strategies from licensed professionals, explained in plain words across 10 chapters and 40–60 pages.',
  },
  {
    title: 'Family-Tested',
    text: 'Built from the daily lives of real families, for children aged 2 to 18, with steps you can try at home this week.',
  },
  {
    title: 'Instant Access',
    text: 'Download the PDF and the MP3 audiobook right after payment. Lifetime access, no login needed.',
  },
];

/** What each book holds, by the catalogue's kind; the pack's card lists its own. */
const FEATURES: Partial<Record<EbookKind, readonly string[]>> = {
  foundational: [
    '10 chapters, 40–60 pages',
    'Strategies for children aged 2–18',
    'PDF + MP3 audiobook included',
    'Lifetime access, no login needed',
  ],
  'case-studies': [
    '5 real family stories',
    'Progress-tracking templates',
    'PDF + MP3 audiobook included',
    'Lifetime access, no login needed',
  ],
};
export default function ShopPage() {
  return (
    <main className="space-y-20 pb-16">
      <ShopViewCount />
      <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-16 text-center">
        <div className="mx-auto max-w-3xl space-y-5">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">eBook Collection</h1>
          <p className="text-lg text-slate-700">
            Practical ABA guides for parents and caregivers of autistic children. Every eBook comes
            as a PDF with the MP3 audiobook, ready to download the moment you buy.
          </p>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="benefits-heading" className="sr-only">
          Why parents choose our guides
        </h2>
        <TextCards items={BENEFITS} cardClassName="bg-slate-50 text-center" />
      </section>

      <Suspense fallback={<ProductsLoading />}>
        <ShopCatalogue />
      </Suspense>
    </main>
  );
}

/**
 * The guides' pictures, each under the catalogue's name of its book; only the books the
 * catalogue has, so none while the shop API cannot be reached.
 */
function LookInside({ products }: { products: Catalogue | null }) {
  const books = (['foundational', 'case-studies'] as const satisfies PreviewKind[]).flatMap(
    (kind) => {
      const book = ebookOfKind(products, kind);
      return book ? [{ kind, name: book.name }] : [];
    },
  );
  if (books.length === 0) return null;
  return (
    <section aria-labelledby="inside-heading" className="mx-auto max-w-6xl space-y-8 px-4">
      <h2 id="inside-heading" className="text-center text-3xl font-bold">
        A Look Inside Our Guides
      </h2>
      <div className="grid gap-10 md:grid-cols-2">
        {books.map(({ kind, name }) => (
          <div key={kind} className="space-y-3">
            <h3 className="text-xl font-semibold">{name}</h3>
            <ImageCarousel label={`Inside ${name}`} slides={previewSlides(kind, name)} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** How many of an eBook's reviews its place shows, newest first; its rating counts them all. */
const SHOWN_REVIEWS = 3;

/**
 * The guides' pictures, the products, the membership, the testimonial and the closing call to action: the
 * part of the page that waits for the shop API and the CMS. The hero above it is sent at once,
 * so the page paints its headline while this part streams in after it.
 */
async function ShopCatalogue() {
  const [products, testimonials, reviews] = await Promise.all([
    readCatalogueForPage('The shop'),
    getTestimonials('shop').catch(() => null),
    // Without reviews (a CMS that has none yet, or cannot be reached) the page shows none.
    getPublishedReviews().catch(() => []),
  ]);
  const ebooks = products ? pickShopEbooks(products) : [];
  const membership = membershipOf(products);
  const pack = ebooks.find((product) => product.kind === 'complete');
  const singles = ebooks.filter((product) => product !== pack);
  const featured = pack ?? ebooks[0];
  const separateCents =
    singles.length === 2 ? singles.reduce((sum, product) => sum + product.price, 0) : null;
  const reviewsOf = (productId: string) => newestReviewsOf(reviews, productId, SHOWN_REVIEWS);
  const singlesReviewed = singles.some((product) => reviewsOf(product.id).length > 0);

  return (
    <>
      <LookInside products={products} />
      {ebooks.length === 0 ? (
        <section aria-labelledby="guides-heading" className="mx-auto max-w-6xl space-y-6 px-4">
          <h2 id="guides-heading" className="text-3xl font-bold">
            Individual ABA Guides
          </h2>
          {products ? (
            <p role="status" className="rounded-lg bg-amber-50 p-4 text-amber-900">
              Our eBooks are not on sale right now. Please check back soon or contact us.
            </p>
          ) : (
            <SectionUnavailable what="Our eBooks" />
          )}
        </section>
      ) : (
        <>
          {singles.length > 0 ? (
            <section aria-labelledby="guides-heading" className="mx-auto max-w-6xl space-y-8 px-4">
              <h2 id="guides-heading" className="text-center text-3xl font-bold">
                Individual ABA Guides
              </h2>
              {/* Each guide's reviews under it: one column on a phone; from md up, a column per
                  guide whose cards share the first row's height and reviews the second's. */}
              <div
                className={
                  singlesReviewed
                    ? 'grid gap-8 md:auto-cols-fr md:grid-flow-col md:grid-rows-[auto_auto]'
                    : 'grid gap-8 md:grid-cols-2'
                }
              >
                {singles.map((product) => [
                  <ProductCard
                    key={product.id}
                    product={toShopProduct(product)}
                    features={FEATURES[product.kind as EbookKind] ?? []}
                  />,
                  singlesReviewed ? (
                    <div key={`${product.id}-reviews`}>
                      <EbookReviews
                        product={product}
                        reviews={reviewsOf(product.id)}
                        layout="column"
                      />
                    </div>
                  ) : null,
                ])}
              </div>
            </section>
          ) : null}
          {pack ? (
            <section aria-labelledby="library-heading" className="mx-auto max-w-6xl space-y-8 px-4">
              <h2 id="library-heading" className="text-center text-3xl font-bold">
                Get the Complete Resource Library
              </h2>
              <CompletePackCard
                product={toShopProduct(pack)}
                contents={packContents(products)}
                separateCents={separateCents}
              />
              <EbookReviews product={pack} reviews={reviewsOf(pack.id)} layout="row" />
            </section>
          ) : null}
          <JsonLd data={productListData(ebooks, storefrontConfig().SITE_URL, reviews)} />
        </>
      )}

      {membership ? (
        <section aria-labelledby="membership-heading" className="mx-auto max-w-6xl space-y-8 px-4">
          <h2 id="membership-heading" className="text-center text-3xl font-bold">
            Monthly Support After the Books
          </h2>
          <MembershipCard product={membership} />
        </section>
      ) : null}

      <section aria-labelledby="testimonial-heading" className="bg-slate-50 px-4 py-16">
        <h2 id="testimonial-heading" className="sr-only">
          What a parent says
        </h2>
        {testimonials ? (
          <div className="space-y-12">
            {testimonials.map((testimonial) => (
              <ShopTestimonial key={testimonial.documentId} testimonial={testimonial} />
            ))}
          </div>
        ) : (
          <div className="mx-auto max-w-3xl">
            <SectionUnavailable what="Parents' stories" />
          </div>
        )}
      </section>

      <section aria-labelledby="cta-heading" className="px-4">
        <div className="mx-auto max-w-5xl rounded-3xl bg-red-700 px-6 py-12 text-center text-white shadow-lg">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Start helping your child today
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-red-50">
            Calmer routines and clearer steps, starting with the first chapter tonight. Instant
            download, lifetime access, no login needed.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            {featured ? (
              <BuyNowButton product={toShopProduct(featured)} variant="inverse" className="px-6">
                Get Started Today
              </BuyNowButton>
            ) : null}
            <Link
              href="/contact"
              className="inline-block rounded-lg border border-white px-6 py-3 font-semibold text-white hover:bg-red-800"
            >
              Have Questions? Contact Us
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
