import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { thankYouProductForSlug } from '@/lib/checkout/thank-you-catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Thank You for Your Purchase',
  description: 'Your ABA Parent Guides purchase and downloads.',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ThankYouPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <ThankYouView
      product={thankYouProductForSlug(null)}
      sessionId={sessionIdParam(await searchParams)}
      pageSlug={null}
    />
  );
}
