import type { Core } from '@strapi/strapi';
import {
  COMMERCE_SECRET_REQUIRED,
  fromCommerceService,
  type CommerceRouteContext as Context,
} from '../../../commerce-secret';
import { NEWSLETTER_ISSUE } from '../button-link';
import { issueForCommerce, type StoredIssue } from '../for-commerce';

/** The newest issues are enough for the commerce service to find any it has not sent. */
const ISSUES_FOR_COMMERCE = 50;

/** The commerce service's one read of the newsletter issues; nobody else has one. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async forCommerce(ctx: Context) {
    if (!fromCommerceService(ctx)) return ctx.unauthorized(COMMERCE_SECRET_REQUIRED);
    const issues = (await strapi.documents(NEWSLETTER_ISSUE).findMany({
      status: 'published',
      fields: ['subject', 'previewLine', 'body', 'buttonLabel', 'buttonUrl', 'publishedAt'],
      sort: ['publishedAt:desc'],
      limit: ISSUES_FOR_COMMERCE,
    })) as unknown as StoredIssue[];
    ctx.set('cache-control', 'no-store');
    ctx.body = { issues: issues.map(issueForCommerce) };
  },
});
