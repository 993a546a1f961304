/** The complete pack's own thank-you page (docs/product.md#thank-you-pages). */
import { ebookOfKind, packContents, shortTitle, type Catalogue } from '@/lib/catalogue/catalogue';
import { thankYouProduct, themeForType } from '@/lib/checkout/thank-you-catalogue';
import { PurchaseTracking } from './purchase-tracking';
import { ThankYouFrame } from './thank-you-frame';
import {
  ConfirmationEmailNote,
  DownloadsCard,
  HowToListen,
  ThankYouCard,
  ThankYouLinks,
} from './thank-you-sections';

const FEATURES = [
  'The full audiobook collection (MP3)',
  'Progress tracking templates',
  'Family success stories',
  'Lifetime access, no login needed',
];

export function CompletePackView({
  catalogue,
  sessionId,
}: {
  catalogue: Catalogue | null;
  sessionId: string | null;
}) {
  const product = thankYouProduct(catalogue, 'complete');
  const book = product.catalogued;
  const guide = ebookOfKind(catalogue, 'foundational');
  const theme = themeForType(product.type);
  return (
    <ThankYouFrame
      theme={theme}
      heading="Congratulations on Your Complete ABA Library!"
      intro="Thank you for your purchase. Everything you need for your ABA journey is ready."
      sessionId={sessionId}
      closing={{
        heading: 'Your Complete ABA Journey Starts Now',
        text: 'You have every guide, audiobook and template. We are cheering for you and your family.',
      }}
    >
      <PurchaseTracking product={book} />
      <ThankYouCard theme={theme} title={product.description} id="product-heading" tone="soft">
        {book ? <p className="font-semibold">{book.name}</p> : null}
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {[packContents(catalogue), ...FEATURES].map((feature) => (
            <li key={feature} className="flex gap-2">
              <span aria-hidden="true" className={`font-bold ${theme.accent}`}>
                ✓
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </ThankYouCard>
      <ConfirmationEmailNote theme={theme} />
      <DownloadsCard theme={theme} sessionId={sessionId} pageProductId={book?.id ?? null} />
      <ThankYouCard theme={theme} title="Where to Start" id="tip-heading" tone="soft">
        <p>
          Start with the foundational guide{guide ? `, ${shortTitle(guide.name)},` : ''} to learn
          the strategies. Then read the Case Studies to see them at work in real families, and use
          the templates to track your child&apos;s progress.
        </p>
      </ThankYouCard>
      <HowToListen theme={theme} />
      <ThankYouLinks
        theme={theme}
        links={[
          { href: '/contact', label: 'Need Support?' },
          { href: '/blog', label: 'Read Our Blog' },
          { href: '/', label: 'Back to Home' },
        ]}
      />
    </ThankYouFrame>
  );
}
