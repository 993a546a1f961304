import { getCheckoutMode } from '@/lib/commerce/checkout-mode';

/**
 * On a staging shop (production settings, test checkout or a Stripe test key) every page says
 * that nothing is charged, so that nobody takes it for the live shop.
 */
export async function TestModeBanner() {
  if ((await getCheckoutMode()) !== 'test') return null;
  return (
    <p
      role="status"
      className="bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-slate-900"
    >
      Test mode: nothing is charged. Orders on this site are tests and no payment is taken.
    </p>
  );
}
