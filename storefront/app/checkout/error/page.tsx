import type { Metadata } from 'next';
import { BackGoesToShop } from '@/components/checkout/back-goes-to-shop';
import { CheckoutActions, CheckoutCard } from '@/components/checkout/checkout-card';
import { ButtonLink } from '@/components/layout/button-link';
import { checkoutErrorMessage } from '@/lib/checkout/checkout-error-message';

export const metadata: Metadata = {
  title: 'Errore nel Checkout',
  description: 'Il checkout non è andato a buon fine.',
  robots: { index: false },
};

/**
 * The spec passes the error in navigation state; here it travels as `?message=` (the shop page
 * sends it so), which also survives a reload. React escapes it like any text.
 */
export default async function CheckoutErrorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const message = checkoutErrorMessage((await searchParams).message);
  return (
    <main lang="it" className="bg-gradient-to-b from-red-50 to-white px-4 py-12 sm:py-16">
      <BackGoesToShop />
      <CheckoutCard tone="error" icon="!">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Errore nel Checkout</h1>
        <p role="alert" className="mt-3 break-words text-slate-700">
          {message}
        </p>
        <p className="mt-3 text-sm text-slate-700">
          Non ti è stato addebitato nulla. Puoi riprovare dallo shop o scriverci se il problema
          continua.
        </p>
        <CheckoutActions>
          <ButtonLink href="/shop">Torna allo Shop</ButtonLink>
          <ButtonLink href="/contact" variant="secondary">
            Contatta l&apos;assistenza
          </ButtonLink>
        </CheckoutActions>
      </CheckoutCard>
    </main>
  );
}
