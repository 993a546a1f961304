/**
 * A review is a verified buyer's, reaching the CMS from the shop (docs/product.md#keeping-in-touch):
 * nobody writes one by hand. The document service refuses to create or clone a review unless the
 * call runs inside `asReviewFromTheShop`, which only the commerce service's route (and the
 * development seed) enters; the admin shows the refusal's message. Editing, publishing (approving)
 * and unpublishing (hiding) stay with the marketers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

export const REVIEW = 'api::review.review';

export const REVIEWS_COME_FROM_THE_SHOP =
  'Reviews come from buyers through the shop: they cannot be written here.';

const fromTheShop = new AsyncLocalStorage<true>();

/** Runs a write of reviews on the shop's behalf: creating one is allowed inside it. */
export function asReviewFromTheShop<T>(write: () => Promise<T>): Promise<T> {
  return fromTheShop.run(true, write);
}

/** Refuses every other creation or copy of a review, whoever asks. */
export function refuseHandWrittenReviews(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const { uid, action } = context as unknown as { uid: string; action: string };
    if (uid === REVIEW && (action === 'create' || action === 'clone') && !fromTheShop.getStore()) {
      throw new errors.ApplicationError(REVIEWS_COME_FROM_THE_SHOP);
    }
    return next();
  });
}
