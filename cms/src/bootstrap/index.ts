/**
 * Runs at every start and is idempotent: the editor account, public read permissions and
 * the seed content are created once, and nothing a marketer changed is overwritten.
 */
import type { Core } from '@strapi/strapi';
import { cmsEnv } from '../env';
import { ensureAdminAccount } from './admin-account';
import { grantPublicRead } from './public-permissions';
import { seedContent } from './seed-content';

export const PUBLIC_READ_TYPES = ['api::blog-post.blog-post', 'api::faq-item.faq-item'] as const;

export async function bootstrap(strapi: Core.Strapi) {
  const env = cmsEnv();
  await ensureAdminAccount(strapi, {
    email: env.CMS_ADMIN_EMAIL,
    password: env.CMS_ADMIN_PASSWORD,
  });
  await grantPublicRead(strapi, PUBLIC_READ_TYPES);
  await seedContent(strapi);
}
