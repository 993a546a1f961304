import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EmbeddedCheckout, PaymentFormLoading } from '@/components/checkout/embedded-checkout';

export const metadata: Metadata = {
  title: 'Secure Checkout',
  description: 'Pay for your ABA Parent Guides order.',
  robots: { index: false },
};

/**
 * Where embedded Stripe Checkout is mounted (docs/product.md#embedded-checkout). Static: the
 * session id is read in the browser. Its security policy alone allows Stripe's hosts
 * (lib/security/security-headers.ts).
 */
export default function CheckoutPayPage() {
  return (
    <main className="bg-gradient-to-b from-emerald-50 to-white px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl">
        <h1 className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Secure Checkout
        </h1>
        <p className="mt-2 text-center text-slate-700">
          Payment is handled by Stripe: your card details never reach our servers.
        </p>
        <Suspense fallback={<PaymentFormLoading />}>
          <EmbeddedCheckout />
        </Suspense>
      </div>
    </main>
  );
}
