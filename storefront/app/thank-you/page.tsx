import type { Metadata } from 'next';
import { thankYouPage } from '@/components/thank-you/thank-you-page';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { thankYouProduct } from '@/lib/checkout/thank-you-catalogue';
import { GENERIC_THANK_YOU_METADATA } from '@/lib/checkout/thank-you-metadata';

export const metadata: Metadata = { ...GENERIC_THANK_YOU_METADATA, robots: { index: false } };

export default thankYouPage(({ catalogue, sessionId }) => (
  <ThankYouView
    product={thankYouProduct(catalogue, 'foundational')}
    sessionId={sessionId}
    pageProductId={null}
  />
));
