/**
 * The eBook files a purchase grants, by key (`<book>.pdf`, `<book>.mp3`), read from
 * ASSETS_DIR. Development and the tests fill that folder with samples (src/dev/); a live shop
 * holds the real books there, and refuses to start without them (src/production-settings.ts).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const BOOKS_FILE = new URL('../../../data/books.json', import.meta.url);

const booksSchema = z.record(
  z.string().regex(/^[a-z0-9-]+$/),
  z.object({
    title: z.string(),
    subtitle: z.string(),
    chapters: z.array(z.string()).length(10),
    /** The chapter for the struggles parents write about most (the welcome's day 7). */
    struggleChapter: z.number().int().min(1).max(10).optional(),
  }),
);

export type Books = z.infer<typeof booksSchema>;

export function readBooks(): Books {
  return booksSchema.parse(JSON.parse(readFileSync(BOOKS_FILE, 'utf8')));
}

export const FILE_KEY = /^([a-z0-9-]+)\.(pdf|mp3)$/;

/** The book a file key is of (`aba-for-parents.pdf` → `aba-for-parents`); null for another key. */
export const bookKeyOf = (fileKey: string): string | null => FILE_KEY.exec(fileKey)?.[1] ?? null;

export interface AssetFile {
  key: string;
  kind: 'pdf' | 'mp3';
  /** "ABA for Parents (PDF)" */
  label: string;
  contentType: string;
  /** The name the browser saves it under. */
  downloadName: string;
}

export function describeFile(key: string, books: Books): AssetFile | null {
  const match = FILE_KEY.exec(key);
  if (!match) return null;
  const [, bookKey, extension] = match as unknown as [string, string, 'pdf' | 'mp3'];
  const book = books[bookKey];
  if (!book) return null;
  return {
    key,
    kind: extension,
    label: extension === 'pdf' ? `${book.title} eBook (PDF)` : `${book.title} Audiobook (MP3)`,
    contentType: extension === 'pdf' ? 'application/pdf' : 'audio/mpeg',
    downloadName: `${book.title.replaceAll(' ', '-')}${extension === 'mp3' ? '-Audiobook' : ''}.${extension}`,
  };
}
