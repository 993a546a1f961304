import 'server-only';
import { z } from 'zod';
import { fetchCollection } from './client';
import { renderRichText } from './rich-text';

export const LEGAL_SLUGS = [
  'privacy-policy',
  'terms-and-conditions',
  'no-refund-policy',
  'accessibility',
] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

const legalPageSchema = z.object({
  documentId: z.string(),
  slug: z.enum(LEGAL_SLUGS),
  title: z.string(),
  dateLabel: z.enum(['Last updated', 'Effective']),
  date: z.iso.date(),
  sections: z.array(z.object({ heading: z.string(), body: z.string() })),
});

export type LegalPage = Omit<z.infer<typeof legalPageSchema>, 'sections'> & {
  /** Section bodies as sanitised HTML. */
  sections: { heading: string; html: string }[];
};

export async function getLegalPage(slug: LegalSlug): Promise<LegalPage | null> {
  const query = new URLSearchParams({ 'filters[slug][$eq]': slug, populate: 'sections' });
  const [page] = await fetchCollection('legal-page', 'legal-pages', query, legalPageSchema);
  if (!page) return null;
  return {
    ...page,
    sections: page.sections.map(({ heading, body }) => ({ heading, html: renderRichText(body) })),
  };
}
