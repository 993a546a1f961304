import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { ebookOfKind, shortTitle } from '@/lib/catalogue/catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouProduct } from '@/lib/checkout/thank-you-catalogue';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const generateMetadata = (): Promise<Metadata> => thankYouMetadata('foundational');

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ParentsThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const catalogue = await readCatalogue();
  const product = thankYouProduct(catalogue, 'foundational');
  const stories = ebookOfKind(catalogue, 'case-studies');
  return (
    <ThankYouView
      product={product}
      sessionId={sessionIdParam(await searchParams)}
      pageProductId={product.catalogued?.id ?? null}
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
}
