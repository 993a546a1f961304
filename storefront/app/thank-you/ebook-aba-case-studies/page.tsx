import type { Metadata } from 'next';
import { thankYouPage } from '@/components/thank-you/thank-you-page';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { ThankYouCard } from '@/components/thank-you/thank-you-sections';
import { ebookOfKind, shortTitle } from '@/lib/catalogue/catalogue';
import { thankYouProduct, themeForType } from '@/lib/checkout/thank-you-catalogue';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';

export const generateMetadata = (): Promise<Metadata> => thankYouMetadata('case-studies');

export default thankYouPage(({ catalogue, sessionId }) => {
  const product = thankYouProduct(catalogue, 'case-studies');
  const guide = ebookOfKind(catalogue, 'foundational');
  return (
    <ThankYouView
      product={product}
      sessionId={sessionId}
      links={[
        { href: '/contact', label: 'Share Your Story or Ask for Advice' },
        {
          href: '/shop',
          label: `Get the Strategies${guide ? `: ${shortTitle(guide.name)}` : ''}`,
        },
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
});
