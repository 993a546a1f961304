import type { Metadata } from 'next';
import { ItalianThankYouView } from '@/components/thank-you/italian-thank-you-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const generateMetadata = (): Promise<Metadata> =>
  thankYouMetadata('case-studies', { language: 'it' });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CaseStudiesItalianThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <ItalianThankYouView
      variant="case-studies"
      catalogue={await readCatalogue()}
      sessionId={sessionIdParam(await searchParams)}
    />
  );
}
