/**
 * A verified buyer's review as the commerce service delivers it (docs/product.md#keeping-in-touch):
 * checked, then saved once as a draft for the marketers to approve. The commerce service retries
 * a delivery it did not see answered, so the same submission is recognised by its id and never
 * saved twice.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { z } from 'zod';
import { asReviewFromTheShop, REVIEW } from './reviews-from-the-shop';

const optionalText = (max: number, name: string) =>
  z
    .string(`${name} must be text or null`)
    .trim()
    .max(max, `${name} cannot exceed ${max} characters`)
    .nullish()
    .transform((value) => value || null);

export const reviewFromCommerceSchema = z.object({
  submissionId: z
    .string('submissionId is required')
    .regex(/^[\w-]{1,100}$/, 'submissionId must be the shop’s id of the review'),
  productId: z
    .string('productId is required')
    .trim()
    .min(1, 'productId is required')
    .max(100, 'productId cannot exceed 100 characters'),
  productName: z
    .string('productName is required')
    .trim()
    .min(1, 'productName is required')
    .max(200, 'productName cannot exceed 200 characters'),
  rating: z
    .number('rating must be a number of stars')
    .int('rating must be a whole number of stars')
    .min(1, 'rating must be between 1 and 5 stars')
    .max(5, 'rating must be between 1 and 5 stars'),
  text: z
    .string('text is required')
    .trim()
    .min(20, 'text must be at least 20 characters')
    .max(1500, 'text cannot exceed 1500 characters'),
  firstName: optionalText(40, 'firstName'),
  childAge: optionalText(20, 'childAge'),
  submittedAt: z.iso.datetime({ offset: true, error: 'submittedAt must be an ISO date-time' }),
});
export type ReviewFromCommerce = z.infer<typeof reviewFromCommerceSchema>;

/** Reads a delivery, or throws Strapi's ValidationError (a 400) naming each field at fault. */
export function parseReviewFromCommerce(body: unknown): ReviewFromCommerce {
  const parsed = reviewFromCommerceSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String),
    message: issue.message,
    name: 'ValidationError',
  }));
  throw new errors.ValidationError(problems.map((problem) => problem.message).join('; '), {
    errors: problems,
  });
}

async function documentOfSubmission(strapi: Core.Strapi, submissionId: string) {
  const existing = (await strapi.db
    .query(REVIEW)
    .findOne({ where: { submissionId }, select: ['documentId'] })) as {
    documentId: string;
  } | null;
  return existing?.documentId;
}

/** Saves a review as a draft, once per submission; says whether this call created it. */
export async function saveReviewFromCommerce(
  strapi: Core.Strapi,
  review: ReviewFromCommerce,
): Promise<{ documentId: string; created: boolean }> {
  const existing = await documentOfSubmission(strapi, review.submissionId);
  if (existing) return { documentId: existing, created: false };
  try {
    const document = await asReviewFromTheShop(() =>
      strapi.documents(REVIEW).create({ data: review as never }),
    );
    return { documentId: document.documentId, created: true };
  } catch (error) {
    // The same submission delivered twice at once: the second meets the first's unique id.
    const raced = await documentOfSubmission(strapi, review.submissionId);
    if (raced) return { documentId: raced, created: false };
    throw error;
  }
}

/** A submission's id as the commerce service names it in an address. */
export const submissionIdSchema = reviewFromCommerceSchema.shape.submissionId;

/**
 * Takes a review out of the CMS for its buyer's erasure (docs/product.md#your-data): the
 * document goes, draft and published, so the shop's pages stop showing it. Says whether there
 * was one; none is the same outcome, as a retry after a lost answer finds.
 */
export async function eraseReviewFromCommerce(
  strapi: Core.Strapi,
  submissionId: string,
): Promise<boolean> {
  const documentId = await documentOfSubmission(strapi, submissionId);
  if (!documentId) return false;
  await strapi.documents(REVIEW).delete({ documentId });
  return true;
}
