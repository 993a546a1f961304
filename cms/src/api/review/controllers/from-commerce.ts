import type { Core } from '@strapi/strapi';
import {
  COMMERCE_SECRET_REQUIRED,
  fromCommerceService,
  type CommerceRouteContext as Context,
} from '../../../commerce-secret';
import { parseReviewFromCommerce, saveReviewFromCommerce } from '../review-from-commerce';

/** The commerce service's delivery of a buyer's review: the only way a review is created. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async create(ctx: Context) {
    if (!fromCommerceService(ctx)) return ctx.unauthorized(COMMERCE_SECRET_REQUIRED);
    const review = parseReviewFromCommerce(ctx.request.body);
    const { documentId, created } = await saveReviewFromCommerce(strapi, review);
    ctx.status = created ? 201 : 200;
    ctx.body = { documentId };
  },
});
