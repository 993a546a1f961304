import 'server-only';
import { z } from 'zod';
import { fetchBlogPostDraft, fetchCollection, mediaSchema } from './client';
import { renderRichText } from './rich-text';

/** The topic icons a marketer can pick for a featured article (the CMS schema's enum). */
export const BLOG_ICONS = ['compass', 'heart', 'home', 'book', 'star', 'users'] as const;
export type BlogIcon = (typeof BLOG_ICONS)[number];

const strapiBlogPostSchema = z.object({
  id: z.number().int(),
  documentId: z.string(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable().optional(),
  content: z.string(),
  author: z.string().nullable().optional(),
  cover: mediaSchema.nullable().optional(),
  featured: z.boolean().nullable().optional(),
  category: z.string().nullable().optional(),
  icon: z.enum(BLOG_ICONS).nullable().optional().catch(null),
  createdAt: z.iso.datetime({ offset: true }),
  publishedAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

/**
 * A blog post as the storefront shows it, and as `GET /api/blogposts` answers
 * (docs/product.md#data, #api).
 */
export interface BlogPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  /** Sanitised HTML. */
  content: string;
  author: string | null;
  status: 'published' | 'draft';
  created_at: string;
  cover: { url: string; alt: string } | null;
  featured: boolean;
  category: string | null;
  icon: BlogIcon | null;
}

/** The fields of the spec's blog post entity, as `/api/blogposts` answers them. */
export function toApiPost({
  id,
  title,
  slug,
  excerpt,
  content,
  author,
  status,
  created_at,
}: BlogPost) {
  return { id, title, slug, excerpt, content, author, status, created_at };
}

function toBlogPost(post: z.infer<typeof strapiBlogPostSchema>): BlogPost {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt || null,
    content: renderRichText(post.content),
    author: post.author || null,
    status: post.publishedAt ? 'published' : 'draft',
    created_at: post.createdAt,
    cover: post.cover ? { url: post.cover.url, alt: post.cover.alternativeText ?? '' } : null,
    featured: post.featured ?? false,
    category: post.category ?? null,
    icon: post.icon ?? null,
  };
}

const POPULATE_COVER = {
  'populate[cover][fields][0]': 'url',
  'populate[cover][fields][1]': 'alternativeText',
};

/** Every published post, newest first. */
export async function getPublishedPosts(): Promise<BlogPost[]> {
  const query = new URLSearchParams({
    sort: 'createdAt:desc',
    'pagination[pageSize]': '100',
    ...POPULATE_COVER,
  });
  const posts = await fetchCollection('blog-post', 'blog-posts', query, strapiBlogPostSchema);
  return posts.map(toBlogPost);
}

/** One published post, or null when no published post has this slug. */
export async function getPublishedPost(slug: string): Promise<BlogPost | null> {
  const query = new URLSearchParams({ 'filters[slug][$eq]': slug, ...POPULATE_COVER });
  const [post] = await fetchCollection('blog-post', 'blog-posts', query, strapiBlogPostSchema);
  return post ? toBlogPost(post) : null;
}

/** The latest draft of a post, shown only in preview mode. */
export async function getDraftPost(slug: string): Promise<BlogPost | null> {
  const post = await fetchBlogPostDraft(slug, strapiBlogPostSchema);
  return post ? { ...toBlogPost(post), status: 'draft' } : null;
}

/** The blog list's two sections: the three featured articles, oldest first, and the rest. */
export function splitFeaturedPosts(posts: BlogPost[]) {
  const featured = posts
    .filter((post) => post.featured)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .slice(0, 3);
  const community = posts.filter((post) => !featured.includes(post));
  return { featured, community };
}
