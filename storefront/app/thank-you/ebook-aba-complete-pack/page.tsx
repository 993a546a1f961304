import type { Metadata } from 'next';
import { CompletePackView } from '@/components/thank-you/complete-pack-view';
import { thankYouPage } from '@/components/thank-you/thank-you-page';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';

export const generateMetadata = (): Promise<Metadata> =>
  thankYouMetadata('complete', {
    description: 'Your complete ABA resource library: both eBooks and both audiobooks.',
  });

export default thankYouPage((input) => <CompletePackView {...input} />);
