import 'server-only';
import { z } from 'zod';
import { fetchCollection } from './client';

/** The eBooks whose chapters the CMS holds, by the commerce service's book key. */
const CHAPTER_BOOKS = ['aba-for-parents', 'aba-case-studies'] as const;
export type ChapterBook = (typeof CHAPTER_BOOKS)[number];

export const isChapterBook = (book: string): book is ChapterBook =>
  (CHAPTER_BOOKS as readonly string[]).includes(book);

/** The book of 'What You'll Learn Inside' and the chat's chapter passages. */
const SUMMARISED_BOOK: ChapterBook = 'aba-for-parents';

export const chapterSchema = z.object({
  documentId: z.string(),
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
});

export type Chapter = z.infer<typeof chapterSchema>;

/** The chapter summaries of 'What You'll Learn Inside' (ABA for Parents), by chapter number. */
export function getChapters(): Promise<Chapter[]> {
  const query = new URLSearchParams({
    'filters[book][$eq]': SUMMARISED_BOOK,
    sort: 'number:asc',
    'pagination[pageSize]': '20',
  });
  return fetchCollection('chapter', 'chapters', query, chapterSchema);
}

const audiobookChapterSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  audioStart: z.string().nullish(),
});

export interface AudiobookChapter {
  number: number;
  title: string;
  /** Where the chapter starts in the MP3, from the CMS; null when the marketer left it empty. */
  startSeconds: number | null;
}

/**
 * A start time as the CMS takes it, `m:ss` or `h:mm:ss` (cms/data/chapters.json), in seconds;
 * null when empty or not in that shape (drafts may hold anything; docs/product.md#audiobook-chapters).
 */
export function audioStartSeconds(audioStart: string | null | undefined): number | null {
  const match = /^(?:(\d{1,2}):([0-5]\d)|(\d{1,3})):([0-5]\d)$/.exec(audioStart ?? '');
  if (!match) return null;
  const [, hours, minutesOfHour, minutes, seconds] = match;
  return (
    Number(hours ?? 0) * 3600 + Number(minutesOfHour ?? minutes) * 60 + Number(seconds as string)
  );
}

/** One book's chapters for the audiobook player, by chapter number. */
export async function getAudiobookChapters(book: ChapterBook): Promise<AudiobookChapter[]> {
  const query = new URLSearchParams({
    'filters[book][$eq]': book,
    'fields[0]': 'number',
    'fields[1]': 'title',
    'fields[2]': 'audioStart',
    sort: 'number:asc',
    'pagination[pageSize]': '20',
  });
  const chapters = await fetchCollection('chapter', 'chapters', query, audiobookChapterSchema);
  return chapters
    .map(({ number, title, audioStart }) => ({
      number,
      title,
      startSeconds: audioStartSeconds(audioStart),
    }))
    .sort((a, b) => a.number - b.number);
}
