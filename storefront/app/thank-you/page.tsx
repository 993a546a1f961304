import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouProduct } from '@/lib/checkout/thank-you-catalogue';
import { GENERIC_THANK_YOU_METADATA } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const metadata: Metadata = { ...GENERIC_THANK_YOU_METADATA, robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ThankYouPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <ThankYouView
      product={thankYouProduct(await readCatalogue(), 'foundational')}
      sessionId={sessionIdParam(await searchParams)}
      pageProductId={null}
    />
  );
}
