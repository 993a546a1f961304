import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BackGoesToShop } from '@/components/checkout/back-goes-to-shop';
import { CheckoutSuccess, CheckoutVerifying } from '@/components/checkout/checkout-success';

export const metadata: Metadata = {
  title: 'Purchase Confirmation',
  description: 'Your ABA Parent Guides purchase and downloads.',
  robots: { index: false },
};

export default function CheckoutSuccessPage() {
  return (
    <main className="bg-gradient-to-b from-emerald-50 to-white px-4 py-12 sm:py-16">
      <BackGoesToShop />
      {/* The session id is read in the browser, so the page itself can be served as static. */}
      <Suspense fallback={<CheckoutVerifying />}>
        <CheckoutSuccess />
      </Suspense>
    </main>
  );
}
