/**
 * Reviews from verified buyers (docs/product.md#keeping-in-touch), each with its stars, words,
 * first name and child's age if the buyer gave them, and the 'Verified buyer' mark, in words as
 * well as the tick, so it is never told by colour or shape alone.
 */
import { StarRating } from '@/components/home/star-rating';
import type { VerifiedReview } from '@/lib/cms/reviews';

/** An age range the form offers that tells a reader nothing, so it is not shown. */
const UNTOLD_AGE = 'Prefer not to say';

export function VerifiedBuyerMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5 fill-current">
        <path d="M8.2 13.6 4.6 10l-1.2 1.2 4.8 4.8 9-9-1.2-1.2z" />
      </svg>
      Verified buyer
    </span>
  );
}

const LAYOUTS = {
  /** Side by side from md up: the home page, and the pack's full-width place. */
  row: 'grid gap-6 md:grid-cols-3',
  /** One under another: under an eBook that has half the shop's width. */
  column: 'space-y-4',
};

export function VerifiedReviewCards({
  reviews,
  layout = 'row',
}: {
  reviews: VerifiedReview[];
  layout?: keyof typeof LAYOUTS;
}) {
  return (
    <ul className={LAYOUTS[layout]}>
      {reviews.map((review) => (
        <li key={review.documentId}>
          {/* A quotation with its attribution: the shop's articles are the eBooks on sale. */}
          <figure
            aria-label={`Review by ${review.firstName ?? 'a parent'}`}
            className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <StarRating
              rating={review.rating}
              label={`${review.rating} ${review.rating === 1 ? 'star' : 'stars'} out of 5 from a verified buyer`}
            />
            <blockquote className="mt-4 flex-1 text-slate-700 [overflow-wrap:anywhere]">
              “{review.text}”
            </blockquote>
            <figcaption className="mt-6 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-semibold text-slate-900">{review.firstName ?? 'A parent'}</span>
              {review.childAge && review.childAge !== UNTOLD_AGE ? (
                <span className="text-slate-600">· Child: {review.childAge}</span>
              ) : null}
              <VerifiedBuyerMark />
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
