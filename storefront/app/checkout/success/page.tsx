import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BackGoesToShop } from '@/components/checkout/back-goes-to-shop';
import { CheckoutSuccess, CheckoutVerifying } from '@/components/checkout/checkout-success';
import { thankYouPages } from '@/lib/catalogue/catalogue';
import { readCatalogue } from '@/lib/commerce/products';

export const metadata: Metadata = {
  title: 'Purchase Confirmation',
  description: 'Your ABA Parent Guides purchase and downloads.',
  robots: { index: false },
};

/**
 * Served from the page cache like the content pages; the eBooks' thank-you pages come from the
 * catalogue, so without it every purchase goes to the generic thank-you page, which offers all
 * of its files.
 */
export default async function CheckoutSuccessPage() {
  const pages = thankYouPages(await readCatalogue());
  return (
    <main className="bg-gradient-to-b from-emerald-50 to-white px-4 py-12 sm:py-16">
      <BackGoesToShop />
      {/* The session id is read in the browser, so the page itself can be served as static. */}
      <Suspense fallback={<CheckoutVerifying />}>
        <CheckoutSuccess thankYouPages={pages} />
      </Suspense>
    </main>
  );
}
