/**
 * What the e-mailed confirmation link opens (docs/product.md#keeping-in-touch): opening it
 * confirms the subscription, as its token is the proof the address is the visitor's. An
 * expired or altered link says so and offers the form again; a shop that cannot be reached
 * says to open the link again later, which then still confirms.
 */
import { CheckoutActions, CheckoutCard } from '@/components/checkout/checkout-card';
import { ButtonLink } from '@/components/layout/button-link';
import { CommerceError } from '@/lib/commerce/client';
import { confirmNewsletterSubscription } from '@/lib/commerce/keeping-in-touch';
import { NewsletterSignUp } from './newsletter-sign-up';
import { NEWSLETTER_TEXTS, type NewsletterLanguage } from './newsletter-texts';

type Outcome =
  | { kind: 'subscribed'; email: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable' };

async function confirm(token: string | undefined, language: NewsletterLanguage): Promise<Outcome> {
  const invalid: Outcome = {
    kind: 'invalid',
    message: NEWSLETTER_TEXTS[language].invalidConfirmation,
  };
  if (!token) return invalid;
  try {
    return { kind: 'subscribed', email: (await confirmNewsletterSubscription(token)).email };
  } catch (error) {
    if (!(error instanceof CommerceError) || error.kind !== 'refused')
      return { kind: 'unreachable' };
    // The shop words its refusal in English: an Italian page keeps its own words.
    return language === 'en' && error.serverMessage
      ? { kind: 'invalid', message: error.serverMessage }
      : invalid;
  }
}

export async function NewsletterConfirmation({
  token,
  language,
}: {
  token: string | undefined;
  language: NewsletterLanguage;
}) {
  const words = NEWSLETTER_TEXTS[language];
  const outcome = await confirm(token, language);
  return (
    <main lang={language} className="bg-gradient-to-b from-slate-50 to-white px-4 py-12 sm:py-16">
      {outcome.kind === 'subscribed' ? (
        <CheckoutCard tone="success" icon="✓">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{words.subscribed}</h1>
          <p className="mt-3 text-slate-700 [overflow-wrap:anywhere]">
            {words.subscribedAs(outcome.email)}
          </p>
          <CheckoutActions>
            <ButtonLink href="/blog">{words.toBlog}</ButtonLink>
          </CheckoutActions>
        </CheckoutCard>
      ) : outcome.kind === 'unreachable' ? (
        <CheckoutCard tone="neutral" icon="!">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{words.notConfirmedYet}</h1>
          <p className="mt-3 text-slate-700">{words.tryLinkAgain}</p>
        </CheckoutCard>
      ) : (
        <CheckoutCard tone="neutral" icon="!">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{words.notConfirmed}</h1>
          <p className="mt-3 text-slate-700">{outcome.message}</p>
          <p className="mt-6 text-left font-medium text-slate-800">{words.signUpAgain}</p>
          <div className="mt-3">
            <NewsletterSignUp source="footer" language={language} tone="light" />
          </div>
        </CheckoutCard>
      )}
    </main>
  );
}
