/**
 * The eBook files a purchase grants, by key (`<book>.pdf`, `<book>.mp3`). In production they
 * sit in ASSETS_DIR; when a file is missing there, a sample is generated from the book's
 * outline in data/books.json so that every download works on a fresh machine.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { renderChimeMp3 } from './sample-audio.ts';
import { renderBookPdf } from './sample-pdf.ts';

const BOOKS_FILE = new URL('../../../data/books.json', import.meta.url);

const booksSchema = z.record(
  z.string().regex(/^[a-z0-9-]+$/),
  z.object({ title: z.string(), subtitle: z.string(), chapters: z.array(z.string()).length(10) }),
);

export type Books = z.infer<typeof booksSchema>;

export function readBooks(): Books {
  return booksSchema.parse(JSON.parse(readFileSync(BOOKS_FILE, 'utf8')));
}

export const FILE_KEY = /^([a-z0-9-]+)\.(pdf|mp3)$/;

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

const CHIMES: Record<string, number[]> = {
  'aba-for-parents': [523.25, 659.25, 783.99],
  'aba-case-studies': [440, 554.37, 659.25],
};

/** Generates any missing sample file; existing files (real books) are left alone. */
export function ensureSampleAssets(assetsDir: string, books: Books): void {
  mkdirSync(assetsDir, { recursive: true });
  for (const [key, book] of Object.entries(books)) {
    const pdf = path.join(assetsDir, `${key}.pdf`);
    if (!existsSync(pdf)) writeFileSync(pdf, renderBookPdf(book));
    const mp3 = path.join(assetsDir, `${key}.mp3`);
    if (!existsSync(mp3)) {
      writeFileSync(
        mp3,
        renderChimeMp3({ notesHz: CHIMES[key] ?? [392, 493.88, 587.33], repeats: 4 }),
      );
    }
  }
}
