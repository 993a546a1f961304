/**
 * Reviews from verified buyers (docs/product.md#keeping-in-touch): the one-time link of the
 * review request names an order and an eBook, the form's review is stored with them, and
 * delivered to the CMS as a draft, where marketers approve it by publishing. A review the CMS
 * could not take is delivered again on the next pass, so none is lost while it is down.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { ConflictError, ExpiredError, NotFoundError } from '../../domain-errors.ts';
import { signToken, verifyToken } from '../../signed-token.ts';
import { MEMBER_CONTENT_SECRET_HEADER } from '../member-content/service.ts';
import type { ReviewBody, ReviewRequest } from '@aba-shop/contract';
import { linkInLanguage } from '@aba-shop/contract/page-language';
import {
  countDeliveryAttempt,
  deleteReview,
  findReviewableLine,
  hasReview,
  insertReviewOnce,
  listErasedReviews,
  listReviewsOfOrders,
  listUndelivered,
  markDelivered,
  markReviewsErased,
  type StoredReview,
} from './repository.ts';

export { listEbookLines as listReviewableLines } from './repository.ts';

export interface ReviewsDependencies {
  db: Kysely<Database>;
  config: Config;
}

const INVALID_LINK = 'This review link is not valid.';
const REFUNDED = 'This order was refunded, so it cannot be reviewed.';
const ALREADY_REVIEWED = 'You have already reviewed this eBook with this link. Thank you!';
export const REVIEW_THANKS = 'Thank you! Your review will appear once we have read it.';
const DELIVERY_BATCH = 20;
const CMS_TIMEOUT_MS = 10_000;

const reviewTokenSchema = z
  .object({ p: z.literal('review'), o: z.string().min(1).max(64), r: z.string().min(1).max(64) })
  .strict();

/** The review form's address for one eBook of an order. */
export function reviewLinkOf(
  config: Pick<Config, 'STOREFRONT_URL' | 'DOWNLOAD_SIGNING_SECRET'>,
  orderId: string,
  productId: string,
  /** The form's language: the review request's. */
  language: 'en' | 'it' = 'en',
): string {
  const token = signToken(
    { p: 'review', o: orderId, r: productId },
    config.DOWNLOAD_SIGNING_SECRET,
  );
  const url = new URL('/review', config.STOREFRONT_URL);
  url.searchParams.set('token', token);
  return linkInLanguage(url, language).toString();
}

/** The order line a link names, as long as it can be reviewed. */
async function lineOfToken({ db, config }: ReviewsDependencies, token: string) {
  const claim = verifyToken(token, config.DOWNLOAD_SIGNING_SECRET, reviewTokenSchema);
  if (!claim) throw new NotFoundError(INVALID_LINK);
  const line = await findReviewableLine(db, claim.o, claim.r);
  if (!line) throw new NotFoundError(INVALID_LINK);
  // A refund of its order refunds each of its lines (docs/product.md#refunds).
  if (line.refunded_at) throw new ExpiredError(REFUNDED);
  return { orderId: claim.o, line };
}

/** What the form shows for a link. */
export async function reviewRequestOf(
  deps: ReviewsDependencies,
  token: string,
): Promise<ReviewRequest> {
  const { orderId, line } = await lineOfToken(deps, token);
  return {
    productId: line.product_id,
    productName: line.product_name,
    reviewed: await hasReview(deps.db, orderId, line.product_id),
  };
}

/** The form's review: stored once per order and eBook, then offered to the CMS. */
export async function submitReview(
  deps: ReviewsDependencies,
  body: ReviewBody,
  log: Pick<FastifyBaseLogger, 'warn'>,
  now = new Date(),
): Promise<string> {
  const { orderId, line } = await lineOfToken(deps, body.token);
  const stored = await insertReviewOnce(deps.db, {
    order_id: orderId,
    product_id: line.product_id,
    product_name: line.product_name,
    rating: body.rating,
    text: body.text,
    first_name: body.firstName,
    child_age: body.childAge,
    submitted_at: now.toISOString(),
  });
  if (!stored) throw new ConflictError(ALREADY_REVIEWED);
  // The buyer's answer does not wait on the CMS; a failure is retried by the periodic pass.
  void deliverReview(deps, stored).catch((error: unknown) =>
    log.warn({ err: error, reviewId: stored.id }, 'review not delivered to the CMS yet'),
  );
  return REVIEW_THANKS;
}

/** A review as its buyer wrote it: what the CMS is given, and what their data export holds. */
const reviewAsWritten = (review: StoredReview) => ({
  productName: review.product_name,
  rating: review.rating,
  text: review.text,
  firstName: review.first_name,
  childAge: review.child_age,
  submittedAt: review.submitted_at,
});

async function deliverReview({ db, config }: ReviewsDependencies, review: StoredReview) {
  if (!config.MEMBER_CONTENT_SECRET) return;
  await countDeliveryAttempt(db, review.id);
  const response = await fetch(new URL('/api/reviews/from-commerce', config.CMS_URL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [MEMBER_CONTENT_SECRET_HEADER]: config.MEMBER_CONTENT_SECRET,
    },
    body: JSON.stringify({
      submissionId: review.id,
      productId: review.product_id,
      ...reviewAsWritten(review),
    }),
    signal: AbortSignal.timeout(CMS_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the CMS answered ${response.status}`);
  const { documentId } = z.object({ documentId: z.string().min(1) }).parse(await response.json());
  await markDelivered(db, review.id, documentId);
}

/** Asks the CMS to let go of an erased review's copy; it answers the same whether it had one. */
async function takeBackFromCms({ config }: ReviewsDependencies, reviewId: string) {
  if (!config.MEMBER_CONTENT_SECRET) return;
  const response = await fetch(
    new URL(`/api/reviews/from-commerce/${encodeURIComponent(reviewId)}`, config.CMS_URL),
    {
      method: 'DELETE',
      headers: { [MEMBER_CONTENT_SECRET_HEADER]: config.MEMBER_CONTENT_SECRET },
      signal: AbortSignal.timeout(CMS_TIMEOUT_MS),
    },
  );
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the CMS answered ${response.status}`);
}

/**
 * Delivers what the CMS does not have yet, and takes back from it the reviews of erased buyers
 * (docs/product.md#your-data), whose rows then go; how many it delivered or took back.
 */
export async function deliverPendingReviews(
  deps: ReviewsDependencies,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  let done = 0;
  for (const review of await listUndelivered(deps.db, DELIVERY_BATCH)) {
    try {
      await deliverReview(deps, review);
      done += 1;
    } catch (error) {
      log.warn({ err: error, reviewId: review.id }, 'review not delivered to the CMS yet');
    }
  }
  for (const review of await listErasedReviews(deps.db, DELIVERY_BATCH)) {
    try {
      await takeBackFromCms(deps, review.id);
      await deleteReview(deps.db, review.id);
      done += 1;
    } catch (error) {
      log.warn(
        { err: error, reviewId: review.id },
        'erased review not taken back from the CMS yet',
      );
    }
  }
  return done;
}

/**
 * For a buyer's erasure, in its transaction: the reviews of their orders lose their words and
 * names at once; the review pass then takes their CMS copies back and deletes them.
 */
export function eraseReviewsOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: string[],
): Promise<number> {
  return markReviewsErased(db, orderIds, new Date().toISOString());
}

/** A buyer's reviews, for their data export (docs/product.md#your-data). */
export async function reviewsOfOrders({ db }: Pick<ReviewsDependencies, 'db'>, orderIds: string[]) {
  return (await listReviewsOfOrders(db, orderIds)).map(reviewAsWritten);
}
