import type { Core } from '@strapi/strapi';
import { cmsEnv } from '../../../env';
import { sameSecret } from '@aba-shop/service-kit/same-secret';

interface Context {
  params: { slug: string };
  get(header: string): string;
  body: unknown;
  unauthorized(message: string): void;
  notFound(message: string): void;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async findDraftBySlug(ctx: Context) {
    const secret = cmsEnv().PREVIEW_SECRET;
    if (!sameSecret(ctx.get('x-preview-secret'), secret)) {
      return ctx.unauthorized('A valid x-preview-secret header is required');
    }
    const post = await strapi.documents('api::blog-post.blog-post').findFirst({
      filters: { slug: ctx.params.slug },
      status: 'draft',
      populate: ['cover'],
    });
    if (!post) return ctx.notFound(`No blog post with the slug ${ctx.params.slug}`);
    ctx.body = { data: post };
  },
});
