/**
 * The blog posts the CMS seeds from cms/data/blog-posts.json, answered the way Strapi's REST API
 * answers them once published, so that a test reads the same text a visitor's page shows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createFakeUpstreams, type StrapiPost } from '@aba-shop/test-kit/fake-upstreams';
import { SEEDED_CATALOGUE } from './catalogue';

const SEED_FILE = path.resolve(__dirname, '../../cms/data/blog-posts.json');

interface BlogPostSeed extends Record<string, unknown> {
  key: string;
  slug: string;
  status?: 'published' | 'draft';
  createdAt: string;
}

/** The published seed posts as Strapi sends them: Markdown content, fields as seeded. */
export function seededStrapiPosts(): StrapiPost[] {
  const seeds = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as BlogPostSeed[];
  return seeds
    .filter((seed) => (seed.status ?? 'published') === 'published')
    .map(({ key, status: _status, cover: _cover, ...fields }, index) => ({
      ...fields,
      id: index + 1,
      documentId: `seed-${key}`,
      // Covers are uploads in a running CMS; nothing read here depends on them.
      cover: null,
      publishedAt: fields.createdAt,
    }));
}

/** Makes `fetch` answer as a CMS holding these published posts, for lib/cms to read. */
export function serveBlogPostsFromCms(posts: StrapiPost[]) {
  const cmsUrl = 'http://cms.blog.test:1337';
  process.env.CMS_URL = cmsUrl;
  const upstreams = createFakeUpstreams(
    cmsUrl,
    'http://model.blog.test/v1/chat/completions',
    'http://commerce.blog.test:4000',
    SEEDED_CATALOGUE,
  );
  upstreams.play({ cms: 'ok', posts, model: 'ok', reply: '', commerce: 'ok', errorStatus: 500 });
  global.fetch = upstreams.fetch;
}
