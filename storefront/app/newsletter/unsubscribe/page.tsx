import type { Metadata } from 'next';
import { CheckoutCard } from '@/components/checkout/checkout-card';
import { UnsubscribeButton } from '@/components/newsletter/unsubscribe-button';
import { NEWSLETTER_TEXTS } from '@/components/newsletter/newsletter-texts';
import { languageOfLink } from '@aba-shop/contract/page-language';

export const metadata: Metadata = {
  title: 'Unsubscribe',
  robots: { index: false },
};

/** The unsubscribe link at the foot of every message that is not about an order. */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; lang?: string | string[] }>;
}) {
  const { token, lang } = await searchParams;
  const language = languageOfLink(lang);
  const words = NEWSLETTER_TEXTS[language];
  return (
    <main lang={language} className="bg-gradient-to-b from-slate-50 to-white px-4 py-12 sm:py-16">
      <CheckoutCard tone="neutral" icon="✉">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {words.unsubscribeHeading}
        </h1>
        {typeof token === 'string' && token ? (
          <>
            <p className="mt-3 mb-6 text-slate-700">{words.unsubscribeIntro}</p>
            <UnsubscribeButton token={token} language={language} />
          </>
        ) : (
          <p className="mt-3 text-slate-700">{words.invalidLink}</p>
        )}
      </CheckoutCard>
    </main>
  );
}
