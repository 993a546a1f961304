import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { THANK_YOU_CATALOGUE, thankYouProductForSlug } from '@/lib/checkout/thank-you-catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Thank You for Your Purchase',
  description: 'Your ABA Parent Guides purchase and downloads.',
  robots: { index: false },
};

type Params = Promise<{ productSlug: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The generic page under any slug. The known eBooks have their own routes next to this one;
 * an unknown slug gets the generic page, which falls back to ABA for Parents (spec §2) and
 * offers every file of the purchase.
 */
export default async function ThankYouSlugPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { productSlug } = await params;
  const known = Object.hasOwn(THANK_YOU_CATALOGUE, productSlug);
  return (
    <ThankYouView
      product={thankYouProductForSlug(productSlug)}
      sessionId={sessionIdParam(await searchParams)}
      pageSlug={known ? productSlug : null}
    />
  );
}
