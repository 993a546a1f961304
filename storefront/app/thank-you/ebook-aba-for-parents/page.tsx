import type { Metadata } from 'next';
import { thankYouPage } from '@/components/thank-you/thank-you-page';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { ebookOfKind, shortTitle } from '@/lib/catalogue/catalogue';
import { thankYouProduct } from '@/lib/checkout/thank-you-catalogue';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';

export const generateMetadata = (): Promise<Metadata> => thankYouMetadata('foundational');

export default thankYouPage(({ catalogue, sessionId }) => {
  const stories = ebookOfKind(catalogue, 'case-studies');
  return (
    <ThankYouView
      product={thankYouProduct(catalogue, 'foundational')}
      sessionId={sessionId}
      links={[
        { href: '/contact', label: 'Have Questions?' },
        {
          href: '/shop',
          label: `See Real Families in ${stories ? shortTitle(stories.name) : 'Our Case Studies'}`,
        },
        { href: '/', label: 'Back to Home' },
      ]}
    />
  );
});
