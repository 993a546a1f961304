import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { THANK_YOU_CATALOGUE } from '@/lib/checkout/thank-you-catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Thank You: eBook ABA for Parents',
  description: 'Your copy of eBook ABA for Parents and its audiobook.',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ParentsThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <ThankYouView
      product={THANK_YOU_CATALOGUE['ebook-aba-for-parents']}
      sessionId={sessionIdParam(await searchParams)}
      pageSlug="ebook-aba-for-parents"
      links={[
        { href: '/contact', label: 'Have Questions?' },
        { href: '/shop', label: 'See Real Families in ABA Case Studies' },
        { href: '/', label: 'Back to Home' },
      ]}
    />
  );
}
