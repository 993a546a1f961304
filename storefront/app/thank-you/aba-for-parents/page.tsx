import type { Metadata } from 'next';
import { ItalianThankYouView } from '@/components/thank-you/italian-thank-you-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const generateMetadata = (): Promise<Metadata> =>
  thankYouMetadata('foundational', { language: 'it' });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ParentsItalianThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <ItalianThankYouView
      variant="aba-for-parents"
      catalogue={await readCatalogue()}
      sessionId={sessionIdParam(await searchParams)}
    />
  );
}
