import type { Core } from '@strapi/strapi';
import {
  COMMERCE_SECRET_REQUIRED,
  fromCommerceService,
  type CommerceRouteContext as Context,
} from '../../../commerce-secret';
import { errors } from '@strapi/utils';
import {
  eraseReviewFromCommerce,
  parseReviewFromCommerce,
  saveReviewFromCommerce,
  submissionIdSchema,
} from '../review-from-commerce';

/** The commerce service's delivery of a buyer's review: the only way a review is created. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async create(ctx: Context) {
    if (!fromCommerceService(ctx)) return ctx.unauthorized(COMMERCE_SECRET_REQUIRED);
    const review = parseReviewFromCommerce(ctx.request.body);
    const { documentId, created } = await saveReviewFromCommerce(strapi, review);
    ctx.status = created ? 201 : 200;
    ctx.body = { documentId };
  },

  /** The commerce service's erasure of a buyer's review: gone, whether it was there or not. */
  async erase(ctx: Context & { params: { submissionId?: string } }) {
    if (!fromCommerceService(ctx)) return ctx.unauthorized(COMMERCE_SECRET_REQUIRED);
    const submissionId = submissionIdSchema.safeParse(ctx.params.submissionId);
    if (!submissionId.success) {
      throw new errors.ValidationError('submissionId must be the shop’s id of the review');
    }
    await eraseReviewFromCommerce(strapi, submissionId.data);
    ctx.status = 204;
  },
});
