import type { Metadata } from 'next';
import { ItalianThankYouView } from '@/components/thank-you/italian-thank-you-view';
import { thankYouPage } from '@/components/thank-you/thank-you-page';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';

export const generateMetadata = (): Promise<Metadata> =>
  thankYouMetadata('case-studies', { language: 'it' });

export default thankYouPage((input) => <ItalianThankYouView variant="case-studies" {...input} />);
