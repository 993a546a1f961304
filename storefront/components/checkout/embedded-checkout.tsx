'use client';
/**
 * The pay page's payment form (docs/product.md#embedded-checkout, ADR 0017): asks the commerce
 * service for the open session's client secret, loads Stripe.js (this is the only module of the
 * shop that imports it, so no other page loads it) and mounts Stripe's embedded Checkout, which
 * sends the buyer to the success page once paid. While that loads, and when it cannot (the
 * checkout is paid, expired or unknown; the service or Stripe.js cannot be reached), the page
 * says so and leads back to the shop, whose cart still holds the order.
 */
import { loadStripe, type StripeEmbeddedCheckout } from '@stripe/stripe-js';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { ButtonLink } from '@/components/layout/button-link';
import { embeddedCheckoutFailure } from '@/lib/checkout/embedded-checkout-failure';
import { fetchEmbeddedCheckout } from '@/lib/commerce/api/embedded-checkout';

export const MISSING_SESSION_MESSAGE = 'Missing sessionId parameter';

type View = { kind: 'loading' } | { kind: 'mounted' } | { kind: 'failed'; message: string };

export function PaymentFormLoading() {
  return (
    <p role="status" className="mt-8 text-center text-lg font-semibold text-slate-700">
      Loading the secure payment form...
    </p>
  );
}

function PaymentFormFailure({ message, canRetry }: { message: string; canRetry: boolean }) {
  return (
    <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="break-words font-semibold text-red-900">{message}</p>
      <p className="mt-2 text-slate-700">Your cart still holds your order.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row [&>*]:text-center">
        {canRetry ? (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-block rounded-lg bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800"
          >
            Try Again
          </button>
        ) : null}
        <ButtonLink href="/shop" variant={canRetry ? 'secondary' : 'primary'}>
          Back to Shop
        </ButtonLink>
      </div>
    </div>
  );
}

export function EmbeddedCheckout() {
  const sessionId = useSearchParams().get('sessionId')?.trim() || null;
  const mountPoint = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    const into = mountPoint.current;
    if (!sessionId || !into) return;
    let active = true;
    let checkout: StripeEmbeddedCheckout | undefined;
    const mount = async () => {
      const { clientSecret, publishableKey } = await fetchEmbeddedCheckout(sessionId);
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js is not available');
      checkout = await stripe.createEmbeddedCheckoutPage({ clientSecret });
      // Stripe allows one embedded Checkout at a time: one the page no longer shows goes.
      if (!active) return checkout.destroy();
      checkout.mount(into);
      setView({ kind: 'mounted' });
    };
    mount().catch((error: unknown) => {
      if (active) setView({ kind: 'failed', message: embeddedCheckoutFailure(error) });
    });
    return () => {
      active = false;
      checkout?.destroy();
    };
  }, [sessionId]);

  const failure = !sessionId
    ? MISSING_SESSION_MESSAGE
    : view.kind === 'failed'
      ? view.message
      : null;
  return (
    <>
      {failure ? <PaymentFormFailure message={failure} canRetry={Boolean(sessionId)} /> : null}
      {!failure && view.kind === 'loading' ? <PaymentFormLoading /> : null}
      <section aria-label="Payment form" hidden={failure !== null} className="mt-8">
        <div ref={mountPoint} />
      </section>
    </>
  );
}
