'use client';
/**
 * Buy Now (docs/product.md#states, #api, #error-catalogue): one copy, straight to payment. The
 * eBook's hosted payment link when the shop has one, else a checkout session; a failure leads to
 * the checkout error page.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { buyNowDestination } from '@/lib/checkout/start-checkout';
import { initiateCheckoutData } from '@/lib/tracking/cart-events';
import { trackEvent } from '@/lib/tracking/meta-pixel';
import type { ShopProduct } from './shop-product';

const VARIANTS = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-700',
  /** On the red call-to-action band. */
  inverse: 'bg-white text-red-800 hover:bg-red-50 focus-visible:outline-white',
};

export function BuyNowButton({
  product,
  variant = 'primary',
  className = '',
  children = 'Buy Now',
}: {
  product: ShopProduct;
  variant?: keyof typeof VARIANTS;
  className?: string;
  children?: ReactNode;
}) {
  const router = useRouter();
  const [processing, setProcessing] = useState(false);

  // Coming back from the payment page with the Back button restores this page from the
  // back-forward cache, still 'Processing...'; the button must work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  async function buyNow() {
    if (processing) return;
    setProcessing(true);
    trackEvent(
      'InitiateCheckout',
      initiateCheckoutData([{ ...product, price: product.price / 100, quantity: 1 }]),
    );
    const destination = await buyNowDestination(product);
    if (destination.startsWith('/')) {
      router.push(destination);
      setProcessing(false);
    } else {
      // The page stays 'Processing...' while the browser leaves for the payment page.
      window.location.assign(destination);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void buyNow()}
      aria-disabled={processing || undefined}
      className={`rounded-lg px-5 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-80 ${VARIANTS[variant]} ${className}`}
    >
      {processing ? 'Processing...' : children}
    </button>
  );
}
