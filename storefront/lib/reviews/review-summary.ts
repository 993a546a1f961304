/**
 * What the shop shows of its verified reviews (docs/product.md#keeping-in-touch): the newest of
 * an eBook's, and its rating as search engines read it, from published reviews only.
 */

export interface RatedReview {
  productId: string;
  rating: number;
}

export interface RatingSummary {
  /** The average, to one decimal. */
  ratingValue: number;
  reviewCount: number;
}

/** An eBook's rating from its reviews; null when it has none. */
export function ratingSummaryOf(
  reviews: readonly RatedReview[],
  productId: string,
): RatingSummary | null {
  const own = reviews.filter((review) => review.productId === productId);
  if (own.length === 0) return null;
  const total = own.reduce((sum, review) => sum + review.rating, 0);
  return { ratingValue: Math.round((total / own.length) * 10) / 10, reviewCount: own.length };
}

/** The ratings of these eBooks, by id, for those that have any. */
export function ratingsByProduct(
  reviews: readonly RatedReview[],
  productIds: readonly string[],
): Map<string, RatingSummary> {
  const ratings = new Map<string, RatingSummary>();
  for (const productId of productIds) {
    const summary = ratingSummaryOf(reviews, productId);
    if (summary) ratings.set(productId, summary);
  }
  return ratings;
}

/** The newest reviews of an eBook, at most `limit` (the list is newest first already). */
export const newestReviewsOf = <Review extends RatedReview>(
  reviews: readonly Review[],
  productId: string,
  limit: number,
): Review[] => reviews.filter((review) => review.productId === productId).slice(0, limit);
