import 'server-only';
import { z } from 'zod';
import { fetchCollection } from './client';

export const chapterSchema = z.object({
  documentId: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
});

export type Chapter = z.infer<typeof chapterSchema>;

/** The chapter summaries of 'What You'll Learn Inside', by chapter number. */
export function getChapters(): Promise<Chapter[]> {
  const query = new URLSearchParams({ sort: 'number:asc', 'pagination[pageSize]': '20' });
  return fetchCollection('chapter', 'chapters', query, chapterSchema);
}
