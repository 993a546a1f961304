import type { MetadataRoute } from 'next';
import { getPublishedPosts } from '@/lib/cms/blog-posts';
import { storefrontConfig } from '@/lib/config';

// Built per request from cached CMS data, so a newly published post appears at once.
export const dynamic = 'force-dynamic';

const PAGES: { path: string; priority: number }[] = [
  { path: '/', priority: 1 },
  { path: '/shop', priority: 0.9 },
  { path: '/membership', priority: 0.8 },
  { path: '/blog', priority: 0.8 },
  { path: '/about', priority: 0.6 },
  { path: '/contact', priority: 0.6 },
  { path: '/privacy-policy', priority: 0.2 },
  { path: '/terms-and-conditions', priority: 0.2 },
  { path: '/no-refund-policy', priority: 0.2 },
  { path: '/accessibility', priority: 0.2 },
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { SITE_URL } = storefrontConfig();
  const pages = PAGES.map(({ path, priority }) => ({
    url: new URL(path, SITE_URL).href,
    priority,
  }));
  // Without the CMS the fixed pages are still worth listing.
  const posts = await getPublishedPosts().catch(() => []);
  return [
    ...pages,
    ...posts.map((post) => ({
      url: new URL(`/blog/${post.slug}`, SITE_URL).href,
      lastModified: post.created_at,
      priority: 0.7,
    })),
  ];
}
