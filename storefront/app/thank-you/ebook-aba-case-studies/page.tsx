import type { Metadata } from 'next';
import { ThankYouView } from '@/components/thank-you/thank-you-view';
import { ThankYouCard } from '@/components/thank-you/thank-you-sections';
import { ebookOfKind, shortTitle } from '@/lib/catalogue/catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { thankYouProduct, themeForType } from '@/lib/checkout/thank-you-catalogue';
import { thankYouMetadata } from '@/lib/checkout/thank-you-metadata';
import { readCatalogue } from '@/lib/commerce/products';

export const generateMetadata = (): Promise<Metadata> => thankYouMetadata('case-studies');

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CaseStudiesThankYouPage({
  searchParams,
}: {
  searchParams: SearchParams;
}) {
  const catalogue = await readCatalogue();
  const product = thankYouProduct(catalogue, 'case-studies');
  const guide = ebookOfKind(catalogue, 'foundational');
  return (
    <ThankYouView
      product={product}
      sessionId={sessionIdParam(await searchParams)}
      pageProductId={product.catalogued?.id ?? null}
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
}
