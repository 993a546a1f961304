import type { Metadata } from 'next';
import { BackGoesToShop } from '@/components/checkout/back-goes-to-shop';
import { CheckoutActions, CheckoutCard } from '@/components/checkout/checkout-card';
import { ButtonLink } from '@/components/layout/button-link';

export const metadata: Metadata = {
  title: 'Payment Cancelled',
  description: 'Your payment was cancelled and nothing was charged.',
  robots: { index: false },
};

export default function CheckoutCancelPage() {
  return (
    <main className="bg-gradient-to-b from-slate-50 to-white px-4 py-12 sm:py-16">
      <BackGoesToShop />
      <CheckoutCard tone="neutral" icon="↩">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment Cancelled</h1>
        <p className="mt-3 text-slate-700">
          Your payment was cancelled and no charges were made. Your guides are still waiting for you
          whenever you are ready.
        </p>
        <CheckoutActions>
          <ButtonLink href="/shop">Back to Shop</ButtonLink>
          <ButtonLink href="/contact" variant="secondary">
            Need Help? Contact Support
          </ButtonLink>
        </CheckoutActions>
      </CheckoutCard>
    </main>
  );
}
