import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouKindForSlug, thankYouProductForSlug } from '@/lib/checkout/thank-you-catalogue';
import { GENERIC_THANK_YOU_METADATA } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const metadata: Metadata = { ...GENERIC_THANK_YOU_METADATA, robots: { index: false } };

type Params = Promise<{ productSlug: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The generic page under any slug. The known eBooks have their own routes next to this one; an
 * unknown slug gets the generic page, which falls back to the foundational guide
 * (docs/product.md#thank-you-pages) and offers every file of the purchase. An eBook whose catalogue
 * slug has no route of its own gets its page here.
 */
export default async function ThankYouSlugPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { productSlug } = await params;
  const catalogue = await readCatalogue();
  const product = thankYouProductForSlug(catalogue, productSlug);
  const known = thankYouKindForSlug(catalogue, productSlug) !== null;
  return (
    <ThankYouView
      product={product}
      sessionId={sessionIdParam(await searchParams)}
      pageProductId={known ? (product.catalogued?.id ?? null) : null}
    />
  );
}
