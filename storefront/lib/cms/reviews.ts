import 'server-only';
/**
 * The reviews verified buyers wrote and marketers approved (docs/product.md#keeping-in-touch),
 * published in the CMS, which only the shop can create them in: every one of them is a buyer's.
 */
import { z } from 'zod';
import { fetchCollection } from './client';

export const reviewSchema = z.object({
  documentId: z.string(),
  productId: z.string(),
  productName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  firstName: z.string().nullable(),
  childAge: z.string().nullable(),
  submittedAt: z.string(),
});

export type VerifiedReview = z.infer<typeof reviewSchema>;

const PAGE_SIZE = 100;
/** Far above what the shop will have; the structured data's count stops here. */
const MOST_PAGES = 20;

/** Every published review, newest first (the rating counts them all, not only those shown). */
export async function getPublishedReviews(): Promise<VerifiedReview[]> {
  const reviews: VerifiedReview[] = [];
  for (let page = 1; page <= MOST_PAGES; page += 1) {
    const query = new URLSearchParams({
      sort: 'submittedAt:desc',
      'pagination[page]': String(page),
      'pagination[pageSize]': String(PAGE_SIZE),
    });
    const batch = await fetchCollection('review', 'reviews', query, reviewSchema);
    reviews.push(...batch);
    if (batch.length < PAGE_SIZE) break;
  }
  return reviews;
}
