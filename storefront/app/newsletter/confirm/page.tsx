import type { Metadata } from 'next';
import { CheckoutActions, CheckoutCard } from '@/components/checkout/checkout-card';
import { ButtonLink } from '@/components/layout/button-link';
import { NewsletterSignUp } from '@/components/newsletter/newsletter-sign-up';
import { languageOfQuery, NEWSLETTER_TEXTS } from '@/components/newsletter/newsletter-texts';
import { CommerceError } from '@/lib/commerce/client';
import { confirmNewsletterSubscription } from '@/lib/commerce/keeping-in-touch';

export const metadata: Metadata = {
  title: 'Newsletter subscription',
  robots: { index: false },
};
// Each visit is one person's link.
export const dynamic = 'force-dynamic';

type Outcome = { subscribed: string } | { refused: string };

/** Opening the e-mailed link subscribes (docs/product.md#keeping-in-touch): its token is the proof. */
async function confirm(token: string | undefined, noAnswer: string): Promise<Outcome> {
  if (!token) return { refused: '' };
  try {
    return { subscribed: (await confirmNewsletterSubscription(token)).email };
  } catch (error) {
    if (error instanceof CommerceError && error.kind === 'refused')
      return { refused: error.serverMessage ?? '' };
    return { refused: noAnswer };
  }
}

export default async function NewsletterConfirmPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; lang?: string | string[] }>;
}) {
  const { token, lang } = await searchParams;
  const language = languageOfQuery(lang);
  const words = NEWSLETTER_TEXTS[language];
  const outcome = await confirm(typeof token === 'string' ? token : undefined, words.noAnswer);
  return (
    <main lang={language} className="bg-gradient-to-b from-slate-50 to-white px-4 py-12 sm:py-16">
      {'subscribed' in outcome ? (
        <CheckoutCard tone="success" icon="✓">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{words.subscribed}</h1>
          <p className="mt-3 text-slate-700">{words.subscribedAs(outcome.subscribed)}</p>
          <CheckoutActions>
            <ButtonLink href="/blog">{words.toBlog}</ButtonLink>
          </CheckoutActions>
        </CheckoutCard>
      ) : (
        <CheckoutCard tone="neutral" icon="!">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{words.notConfirmed}</h1>
          <p className="mt-3 text-slate-700">
            {outcome.refused ||
              'This confirmation link is not valid or has expired: sign up again to get a new one.'}
          </p>
          <p className="mt-6 text-left font-medium text-slate-800">{words.signUpAgain}</p>
          <div className="mt-3">
            <NewsletterSignUp source="footer" language={language} tone="light" />
          </div>
        </CheckoutCard>
      )}
    </main>
  );
}
