import type { Core, UID } from '@strapi/strapi';
import { cmsEnv } from '../src/env';

declare const strapi: Core.Strapi;

export default () => {
  const env = cmsEnv();
  return {
    auth: { secret: env.ADMIN_JWT_SECRET },
    apiToken: { salt: env.API_TOKEN_SALT },
    transfer: { token: { salt: env.TRANSFER_TOKEN_SALT } },
    secrets: { encryptionKey: env.ENCRYPTION_KEY },
    autoOpen: false,
    flags: { nps: false, promoteEE: false },
    // "Open preview" on a blog post shows the storefront's page of its latest draft.
    preview: {
      enabled: Boolean(env.PREVIEW_SECRET),
      config: {
        allowedOrigins: [new URL(env.STOREFRONT_URL).origin],
        async handler(
          uid: UID.ContentType,
          { documentId, status }: { documentId: string; status: string },
        ) {
          if (uid !== 'api::blog-post.blog-post' || !env.PREVIEW_SECRET) return null;
          const post = await strapi
            .documents(uid)
            .findOne({ documentId, status: 'draft', fields: ['slug'] });
          if (!post?.slug) return null;
          const url = new URL('/api/preview', env.STOREFRONT_URL);
          url.searchParams.set('slug', String(post.slug));
          url.searchParams.set('status', status);
          url.searchParams.set('secret', env.PREVIEW_SECRET);
          return url.toString();
        },
      },
    },
  };
};
