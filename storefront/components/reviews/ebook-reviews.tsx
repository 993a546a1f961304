/**
 * An eBook's newest published reviews, under its place in the shop
 * (docs/product.md#keeping-in-touch); nothing when it has none yet.
 */
import type { VerifiedReview } from '@/lib/cms/reviews';
import { VerifiedReviewCards } from './verified-review-cards';

export function EbookReviews({
  product,
  reviews,
  layout,
}: {
  product: { id: string; name: string };
  /** The eBook's own reviews to show, newest first. */
  reviews: VerifiedReview[];
  layout: 'row' | 'column';
}) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={`reviews-${product.id}`} className="space-y-4">
      <h4 id={`reviews-${product.id}`} className="text-lg font-semibold">
        Reviews of {product.name}
      </h4>
      <VerifiedReviewCards reviews={reviews} layout={layout} />
    </section>
  );
}
