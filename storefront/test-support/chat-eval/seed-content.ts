/**
 * The content a fresh shop publishes (the CMS's seed files and the commerce service's seeded
 * catalogue) in the shape lib/cms returns it, for the chat's retrieval tests and its evaluation.
 * Drafts are left out, as the CMS leaves them out of what it publishes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BlogPost } from '@/lib/cms/blog-posts';
import type { Chapter } from '@/lib/cms/chapters';
import type { FaqItem } from '@/lib/cms/faq';
import type { LegalPage } from '@/lib/cms/legal-pages';
import { renderRichText } from '@/lib/cms/rich-text';
import type { ShopContent } from '@/lib/chat/engine/passages';
import { SEEDED_CATALOGUE } from '../catalogue';

const readSeed = <T>(name: string): T =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../cms/data', name), 'utf8')) as T;

interface Seed {
  key: string;
}

export function seededShopContent(): ShopContent {
  const faqItems = readSeed<(Seed & Omit<FaqItem, 'documentId'>)[]>('faq-items.json').map(
    ({ key, ...item }) => ({ ...item, documentId: `seed-${key}` }),
  );
  const legalPages = readSeed<
    (Seed &
      Omit<LegalPage, 'documentId' | 'sections'> & {
        sections: { heading: string; body: string }[];
      })[]
  >('legal-pages.json').map(({ key, sections, ...page }) => ({
    ...page,
    documentId: `seed-${key}`,
    sections: sections.map(({ heading, body }) => ({ heading, html: renderRichText(body) })),
  }));
  const chapters = readSeed<(Seed & Omit<Chapter, 'documentId'>)[]>('chapters.json').map(
    ({ key, ...chapter }) => ({ ...chapter, documentId: `seed-${key}` }),
  );
  const posts: BlogPost[] = readSeed<
    (Seed & {
      status?: string;
      createdAt: string;
      title: string;
      slug: string;
      excerpt?: string;
      content: string;
      author?: string;
      featured?: boolean;
      category?: string;
    })[]
  >('blog-posts.json')
    .filter((seed) => (seed.status ?? 'published') === 'published')
    .map((seed, index) => ({
      id: index + 1,
      title: seed.title,
      slug: seed.slug,
      excerpt: seed.excerpt ?? null,
      content: renderRichText(seed.content),
      author: seed.author ?? null,
      status: 'published',
      created_at: seed.createdAt,
      cover: null,
      featured: seed.featured ?? false,
      category: seed.category ?? null,
      icon: null,
    }));
  return {
    faqItems,
    legalPages,
    chapters,
    posts,
    catalogue: SEEDED_CATALOGUE,
    downloadLinkTtlHours: 168,
  };
}
