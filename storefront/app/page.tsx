import type { Metadata } from 'next';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ButtonLink } from '@/components/layout/button-link';
import { TextCards } from '@/components/layout/text-cards';
import { FaqAccordion } from '@/components/faq/faq-accordion';
import { ProductPrices } from '@/components/home/product-prices';
import { TestimonialCards } from '@/components/home/testimonial-cards';
import { SectionUnavailable } from '@/components/layout/section-unavailable';
import { JsonLd } from '@/components/seo/json-ld';
import { faqPageData, productListData } from '@/lib/seo/structured-data';
import { pickShopEbooks } from '@/lib/catalogue/catalogue';
import { getChapters } from '@/lib/cms/chapters';
import { getFaqItems } from '@/lib/cms/faq';
import { getTestimonials } from '@/lib/cms/testimonials';
import { getPublishedReviews } from '@/lib/cms/reviews';
import { VerifiedReviewCards } from '@/components/reviews/verified-review-cards';
import { readCatalogue } from '@/lib/commerce/products';
import { storefrontConfig } from '@/lib/config';

// Served from the page cache: rendered again when the CMS publishes, else after a minute. The
// build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  title: 'ABA Parent Guides: practical ABA strategies for your family',
  absoluteTitle: true,
  description:
    'Evidence-based ABA eBooks with audiobooks for parents and caregivers of autistic children aged 2 to 18: clear steps for calmer days, instant download.',
  path: '/',
});

const CHALLENGES = [
  {
    title: 'Feeling Overwhelmed',
    text: 'Advice comes from everywhere and none of it fits your day. You need a clear place to start.',
  },
  {
    title: 'Inconsistent Progress',
    text: 'Good weeks and hard weeks follow each other, and it is hard to see what actually helps.',
  },
  {
    title: 'Family Frustration',
    text: 'Everyone at home wants to help, but different approaches leave parents and siblings worn out.',
  },
];

export default async function HomePage() {
  const [products, chapters, testimonials, faqItems, reviews] = await Promise.all([
    readCatalogue(),
    getChapters().catch(() => null),
    getTestimonials('home').catch(() => null),
    getFaqItems('home').catch(() => null),
    // Without reviews (a CMS that has none yet, or cannot be reached) the page shows none.
    getPublishedReviews().catch(() => []),
  ]);
  const ebooks = products ? pickShopEbooks(products) : [];

  return (
    <main className="space-y-20 pb-8">
      <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-16 text-center">
        <div className="mx-auto max-w-3xl space-y-6">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            Practical ABA strategies for your family
          </h1>
          <p className="text-lg text-slate-700">
            Evidence-based guides for parents and caregivers of autistic children aged 2 to 18, with
            the audiobook included and instant download.
          </p>
          <div className="flex flex-wrap justify-center gap-4">
            <ButtonLink href="/shop">Start Your Journey Today</ButtonLink>
            <ButtonLink href="/contact" variant="secondary">
              Get Support
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="challenges-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="challenges-heading" className="text-center text-3xl font-bold">
          You are not alone
        </h2>
        <TextCards items={CHALLENGES} cardClassName="bg-slate-50" />
      </section>

      <section aria-labelledby="ebooks-heading" className="mx-auto max-w-6xl space-y-6 px-4">
        <h2 id="ebooks-heading" className="text-3xl font-bold">
          Our eBooks
        </h2>
        <p className="max-w-3xl text-slate-700">
          Each guide has 10 chapters of 40–60 pages, in PDF and as an MP3 audiobook, with lifetime
          access and no login needed.
        </p>
        {products ? (
          <>
            <ProductPrices products={products} />
            <JsonLd data={productListData(ebooks, storefrontConfig().SITE_URL, reviews)} />
          </>
        ) : (
          <SectionUnavailable what="Our eBooks" />
        )}
        <ButtonLink href="/shop">Get Your Copy Now</ButtonLink>
      </section>

      <section aria-labelledby="chapters-heading" className="mx-auto max-w-6xl px-4">
        <h2 id="chapters-heading" className="text-3xl font-bold">
          What You&apos;ll Learn Inside
        </h2>
        {chapters ? (
          <ol className="mt-8 grid gap-4 md:grid-cols-2">
            {chapters.map((chapter) => (
              <li key={chapter.documentId} className="rounded-xl border border-slate-200 p-5">
                <p className="text-sm font-semibold text-emerald-800">Chapter {chapter.number}</p>
                <h3 className="mt-1 font-semibold">{chapter.title}</h3>
                <p className="mt-2 text-sm text-slate-700">{chapter.description}</p>
              </li>
            ))}
          </ol>
        ) : (
          <SectionUnavailable what="The chapter list" />
        )}
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="testimonials-heading" className="text-center text-3xl font-bold">
            What parents say
          </h2>
          <div className="mt-8">
            {testimonials ? (
              <TestimonialCards testimonials={testimonials} />
            ) : (
              <SectionUnavailable what="Parents' stories" />
            )}
          </div>
        </div>
      </section>

      {/* Beside the marketers' testimonials, on their ground without the gap between sections, in a
          region of its own: the words of verified buyers. */}
      {reviews.length > 0 ? (
        <section aria-labelledby="reviews-heading" className="-mt-20 bg-slate-50 px-4 pb-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="reviews-heading" className="text-center text-2xl font-bold">
              From verified buyers
            </h2>
            <div className="mt-6">
              <VerifiedReviewCards reviews={reviews.slice(0, 3)} />
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="cta-heading" className="mx-auto max-w-4xl px-4 text-center">
        <h2 id="cta-heading" className="text-3xl font-bold">
          Ready to help your child thrive?
        </h2>
        <div className="mt-6 flex flex-wrap justify-center gap-4">
          <ButtonLink href="/shop">Get the Ebooks now</ButtonLink>
          <ButtonLink href="/contact" variant="secondary">
            Have Questions? Contact Us
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-4xl space-y-6 px-4">
        <h2 id="faq-heading" className="text-3xl font-bold">
          Frequently Asked Questions
        </h2>
        {faqItems ? (
          <>
            <FaqAccordion items={faqItems} />
            <JsonLd data={faqPageData(faqItems)} />
          </>
        ) : (
          <SectionUnavailable what="The questions" />
        )}
      </section>
    </main>
  );
}
