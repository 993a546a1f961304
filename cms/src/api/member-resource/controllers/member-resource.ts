import type { Core } from '@strapi/strapi';
import { cmsEnv, cmsPublicDir } from '../../../env';
import { sameSecret } from '@aba-shop/service-kit/same-secret';
import { resourceForCommerce, type PublishedResource } from '../for-commerce';
import { MEMBER_CONTENT_SECRET_HEADER, MEMBER_RESOURCE } from '../member-files';

interface Context {
  get(header: string): string;
  set(header: string, value: string): void;
  body: unknown;
  unauthorized(message: string): void;
}

/** The commerce service's one read of the member resources; nobody else has one. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async forCommerce(ctx: Context) {
    const env = cmsEnv();
    if (!sameSecret(ctx.get(MEMBER_CONTENT_SECRET_HEADER), env.MEMBER_CONTENT_SECRET)) {
      return ctx.unauthorized(`A valid ${MEMBER_CONTENT_SECRET_HEADER} header is required`);
    }
    const resources = (await strapi.documents(MEMBER_RESOURCE).findMany({
      status: 'published',
      populate: ['worksheets', 'recording', 'questions'],
      sort: ['month:desc', 'publishedAt:desc'],
    })) as unknown as PublishedResource[];
    ctx.set('cache-control', 'no-store');
    ctx.body = {
      resources: resources.map((resource) => resourceForCommerce(resource, cmsPublicDir(env))),
    };
  },
});
