/**
 * Brings a database seeded before chapters had a book and an audiobook start time up to date,
 * once: every chapter then was one of ABA for Parents, so each gets that book, and a chapter
 * whose start time is still empty gets the one cms/data/chapters.json gives its number. Strapi
 * adds the new columns empty, and the seed does not touch entries it has applied; what marketers
 * change afterwards is never touched, as the step is remembered in the seed's store.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { chapterSeed } from './seed-files';

const STORE = { type: 'core', name: 'shop-seed' } as const;
const DONE_KEY = 'chapter-books';
const CHAPTER = 'api::chapter.chapter';
const BOOK_OF_EARLIER_CHAPTERS = 'aba-for-parents';

export async function backfillChapterBooks(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store(STORE);
  if (await store.get({ key: DONE_KEY })) return;
  const seeded = z
    .array(chapterSeed)
    .parse(JSON.parse(readFileSync(path.join(strapi.dirs.app.root, 'data/chapters.json'), 'utf8')));
  const chapters = strapi.db.query(CHAPTER);
  // Draft and published rows alike, so the site sees the book at once.
  await chapters.updateMany({
    where: { book: { $null: true } },
    data: { book: BOOK_OF_EARLIER_CHAPTERS },
  });
  for (const { book, number, audioStart } of seeded) {
    if (book !== BOOK_OF_EARLIER_CHAPTERS || !audioStart) continue;
    await chapters.updateMany({
      where: { book, number, audioStart: { $null: true } },
      data: { audioStart },
    });
  }
  await store.set({ key: DONE_KEY, value: true });
}
