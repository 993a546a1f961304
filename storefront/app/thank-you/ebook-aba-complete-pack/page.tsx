import type { Metadata } from 'next';
import { CompletePackView } from '@/components/thank-you/complete-pack-view';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const generateMetadata = (): Promise<Metadata> =>
  thankYouMetadata('complete', {
    description: 'Your complete ABA resource library: both eBooks and both audiobooks.',
  });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CompletePackThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <CompletePackView
      catalogue={await readCatalogue()}
      sessionId={sessionIdParam(await searchParams)}
    />
  );
}
