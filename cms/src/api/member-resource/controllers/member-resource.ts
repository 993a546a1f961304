import type { Core } from '@strapi/strapi';
import {
  COMMERCE_SECRET_REQUIRED,
  fromCommerceService,
  type CommerceRouteContext as Context,
} from '../../../commerce-secret';
import { cmsEnv, cmsPublicDir } from '../../../env';
import { resourceForCommerce, type PublishedResource } from '../for-commerce';
import { MEMBER_RESOURCE } from '../member-files';

/** The commerce service's one read of the member resources; nobody else has one. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async forCommerce(ctx: Context) {
    if (!fromCommerceService(ctx)) return ctx.unauthorized(COMMERCE_SECRET_REQUIRED);
    const resources = (await strapi.documents(MEMBER_RESOURCE).findMany({
      status: 'published',
      populate: ['worksheets', 'recording', 'questions'],
      sort: ['month:desc', 'publishedAt:desc'],
    })) as unknown as PublishedResource[];
    ctx.set('cache-control', 'no-store');
    ctx.body = {
      resources: resources.map((resource) => resourceForCommerce(resource, cmsPublicDir(cmsEnv()))),
    };
  },
});
