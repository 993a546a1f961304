/**
 * Runs at every start and is idempotent: the editor account, public read permissions (none for
 * the member resources and the newsletter issues), the webhooks and the seed content are put in
 * place, and nothing a marketer changed is overwritten.
 */
import type { Core } from '@strapi/strapi';
import { cmsEnv } from '../env';
import { ensureAdminAccount } from './admin-account';
import { backfillChapterBooks } from './chapter-books';
import { disablePublicRegistration, grantPublicRead } from './public-permissions';
import { refreshMemberFilePaths } from '../api/member-resource/member-files';
import {
  registerMemberContentWebhook,
  registerNewsletterWebhook,
  registerRevalidationWebhook,
} from './revalidation-webhook';
import { seedContent } from './seed-content';

export const PUBLIC_READ_TYPES = [
  'api::blog-post.blog-post',
  'api::faq-item.faq-item',
  'api::testimonial.testimonial',
  'api::chapter.chapter',
  'api::legal-page.legal-page',
] as const;

/** The buyers' reviews are listed, published ones only, and never read one by one. */
export const PUBLIC_LIST_TYPES = ['api::review.review'] as const;

export async function bootstrap(strapi: Core.Strapi) {
  const env = cmsEnv();
  await ensureAdminAccount(strapi, {
    email: env.CMS_ADMIN_EMAIL,
    password: env.CMS_ADMIN_PASSWORD,
  });
  await grantPublicRead(strapi, PUBLIC_READ_TYPES);
  await grantPublicRead(strapi, PUBLIC_LIST_TYPES, ['find']);
  await disablePublicRegistration(strapi);
  await registerRevalidationWebhook(strapi, {
    storefrontUrl: env.STOREFRONT_INTERNAL_URL ?? env.STOREFRONT_URL,
    secret: env.REVALIDATE_SECRET,
  });
  await registerMemberContentWebhook(strapi, {
    commerceUrl: env.COMMERCE_URL,
    secret: env.MEMBER_CONTENT_SECRET,
  });
  await registerNewsletterWebhook(strapi, {
    commerceUrl: env.COMMERCE_URL,
    secret: env.MEMBER_CONTENT_SECRET,
  });
  await backfillChapterBooks(strapi);
  await seedContent(strapi);
  // Before the first request: the member resources' files answer the commerce service alone.
  await refreshMemberFilePaths(strapi);
}
