import type { MetadataRoute } from 'next';
import { storefrontConfig } from '@/lib/config';

export const dynamic = 'force-dynamic';

/** Crawlers may read every public page; personal and transactional pages stay out of search. */
export default function robots(): MetadataRoute.Robots {
  const { SITE_URL } = storefrontConfig();
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: [
        '/api/',
        '/admin/',
        '/account',
        '/auth/',
        '/checkout/',
        '/thank-you',
        '/login',
        '/library',
      ],
    },
    sitemap: new URL('/sitemap.xml', SITE_URL).href,
  };
}
