import Link from 'next/link';
import { FaqList } from '@/components/home/faq-list';
import { ProductPrices } from '@/components/home/product-prices';
import { SectionUnavailable } from '@/components/layout/section-unavailable';
import { getFaqItems } from '@/lib/cms/faq';
import { getProducts } from '@/lib/commerce/products';

// Rendered per request from cached data, so the build needs neither the CMS nor the shop API.
export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const [products, faqItems] = await Promise.all([
    getProducts().catch(() => null),
    getFaqItems('home').catch(() => null),
  ]);

  return (
    <main className="mx-auto max-w-6xl space-y-16 px-4 py-12">
      <section className="space-y-6 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Practical ABA strategies for your family
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-slate-700">
          Evidence-based guides for parents and caregivers of autistic children, with the audiobook
          included and instant download.
        </p>
        <div className="flex flex-wrap justify-center gap-4">
          <Link
            href="/shop"
            className="rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800"
          >
            Start Your Journey Today
          </Link>
          <Link
            href="/contact"
            className="rounded-lg border border-emerald-700 px-6 py-3 font-semibold text-emerald-800 hover:bg-emerald-50"
          >
            Get Support
          </Link>
        </div>
      </section>

      <section aria-labelledby="ebooks-heading" className="space-y-6">
        <h2 id="ebooks-heading" className="text-2xl font-bold">
          Our eBooks
        </h2>
        {products ? (
          <ProductPrices products={products} />
        ) : (
          <SectionUnavailable what="Our eBooks" />
        )}
      </section>

      <section aria-labelledby="faq-heading" className="space-y-6">
        <h2 id="faq-heading" className="text-2xl font-bold">
          Frequently Asked Questions
        </h2>
        {faqItems ? <FaqList items={faqItems} /> : <SectionUnavailable what="The questions" />}
      </section>
    </main>
  );
}
