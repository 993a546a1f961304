/**
 * What every thank-you view (docs/product.md#thank-you-pages) puts around its own sections: the
 * hero with the heading, a line about the purchase and its order id, and the closing banner last.
 */
import type { ReactNode } from 'react';
import type { ThankYouTheme } from '@/lib/checkout/thank-you-catalogue';
import { OrderIdLine } from './order-id-line';
import { ClosingBanner, ThankYouHero } from './thank-you-sections';

export function ThankYouFrame({
  theme,
  heading,
  intro,
  sessionId,
  orderIdLabel,
  lang,
  closing,
  children,
}: {
  theme: ThankYouTheme;
  heading: string;
  /** The line under the heading. */
  intro: ReactNode;
  sessionId: string | null;
  orderIdLabel?: string;
  /** The page's language where it is not the site's English. */
  lang?: string;
  /** The closing banner's own words, where the page has them. */
  closing?: { heading: string; text: string };
  children: ReactNode;
}) {
  return (
    <main className="pb-12" lang={lang}>
      <ThankYouHero theme={theme} heading={heading}>
        <p className="mt-3 text-lg text-slate-800">{intro}</p>
        <OrderIdLine sessionId={sessionId} label={orderIdLabel} />
      </ThankYouHero>
      <div className="mx-auto max-w-4xl space-y-8 px-4">
        {children}
        <ClosingBanner theme={theme} {...closing} />
      </div>
    </main>
  );
}
