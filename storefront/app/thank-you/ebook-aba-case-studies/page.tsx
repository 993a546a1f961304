import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { ThankYouCard } from '@/components/thank-you/thank-you-sections';
import { THANK_YOU_CATALOGUE, themeForType } from '@/lib/checkout/thank-you-catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';

export const metadata: Metadata = {
  title: 'Thank You: eBook ABA Case Studies',
  description: 'Your copy of eBook ABA Case Studies and its audiobook.',
  robots: { index: false },
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const product = THANK_YOU_CATALOGUE['ebook-aba-case-studies'];

export default async function CaseStudiesThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  return (
    <ThankYouView
      product={product}
      sessionId={sessionIdParam(await searchParams)}
      pageSlug={product.slug}
      links={[
        { href: '/contact', label: 'Share Your Story or Ask for Advice' },
        { href: '/shop', label: 'Get the Strategies: ABA for Parents' },
        { href: '/', label: 'Back to Home' },
      ]}
      tip={
        <ThankYouCard
          theme={themeForType(product.type)}
          title="Tip: Keep a Progress Diary"
          id="tip-heading"
          tone="soft"
        >
          <p>
            Use the progress-tracking templates included with your eBook to note, each week, what
            you tried and what changed. Small wins are easy to forget, and the diary shows you how
            far your family has come.
          </p>
        </ThankYouCard>
      }
    />
  );
}
