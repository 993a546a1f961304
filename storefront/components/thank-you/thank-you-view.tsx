/**
 * The English thank-you page (docs/product.md#thank-you-pages, generic and dedicated): header,
 * order id, the confirmation note, benefits, the purchase's downloads, how to listen, next steps,
 * links and a closing banner, in the product's colours.
 */
import type { ReactNode } from 'react';
import { themeForType, type ThankYouProduct } from '@/lib/checkout/thank-you-catalogue';
import { PurchaseTracking } from './purchase-tracking';
import { ThankYouFrame } from './thank-you-frame';
import {
  BenefitsList,
  ConfirmationEmailNote,
  DownloadsCard,
  HowToListen,
  NextSteps,
  ThankYouLinks,
  type ThankYouLink,
} from './thank-you-sections';

const GENERIC_LINKS: ThankYouLink[] = [
  { href: '/contact', label: 'Have Questions?' },
  { href: '/shop', label: 'Complete Your Library with Other Guides' },
  { href: '/', label: 'Back to Home' },
];

export function ThankYouView({
  product,
  sessionId,
  pageProductId = product.catalogued?.id ?? null,
  links = GENERIC_LINKS,
  tip,
}: {
  product: ThankYouProduct;
  sessionId: string | null;
  /**
   * The id of the eBook the route names, or null on /thank-you and for unknown slugs; the
   * product's own by default.
   */
  pageProductId?: string | null;
  links?: ThankYouLink[];
  /** A product's own advice, between the next steps and the links. */
  tip?: ReactNode;
}) {
  const theme = themeForType(product.type);
  const book = product.catalogued;
  return (
    <ThankYouFrame
      theme={theme}
      heading="Thank You for Your Purchase!"
      intro={
        <>
          {book ? (
            <>
              <strong>{book.name}</strong>:{' '}
            </>
          ) : null}
          {product.description}
        </>
      }
      sessionId={sessionId}
    >
      <PurchaseTracking product={book} />
      <ConfirmationEmailNote theme={theme} />
      <BenefitsList theme={theme} />
      <DownloadsCard theme={theme} sessionId={sessionId} pageProductId={pageProductId} />
      <HowToListen theme={theme} />
      <NextSteps theme={theme} />
      {tip}
      <ThankYouLinks theme={theme} links={links} />
    </ThankYouFrame>
  );
}
