/** The seed data files and the shape each entry must have. */
import type { UID } from '@strapi/strapi';
import { z } from 'zod';

const base = {
  key: z.string().regex(/^[a-z0-9-]+$/),
  status: z.enum(['published', 'draft']).default('published'),
  createdAt: z.iso.datetime().optional(),
};

export const faqItemSeed = z.object({
  ...base,
  question: z.string().min(5).max(300),
  answer: z.string().min(10).max(2000),
  placement: z.enum(['home', 'contact']),
  order: z.number().int().min(0).max(1000),
});

export const blogPostSeed = z.object({
  ...base,
  title: z.string().min(3).max(200),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  excerpt: z.string().max(500).optional(),
  content: z.string().min(1),
  author: z.string().max(120).optional(),
  featured: z.boolean(),
  category: z.string().max(80).optional(),
  icon: z.enum(['compass', 'heart', 'home', 'book', 'star', 'users']).optional(),
  readTimeMinutes: z.number().int().min(1).max(120).optional(),
});

export type SeedEntry = z.infer<typeof faqItemSeed> | z.infer<typeof blogPostSeed>;

export const seedFiles: { file: string; uid: UID.ContentType; schema: z.ZodType<SeedEntry[]> }[] = [
  { file: 'faq-items.json', uid: 'api::faq-item.faq-item', schema: z.array(faqItemSeed) },
  { file: 'blog-posts.json', uid: 'api::blog-post.blog-post', schema: z.array(blogPostSeed) },
];
