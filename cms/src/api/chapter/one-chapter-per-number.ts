/**
 * Each book has one chapter per number (docs/product.md#audiobook-chapters). Checked before any
 * chapter row is written, so a marketer's save, a publish (which writes the published copy) and
 * the seed all meet it; the admin shows the message under the number field.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const CHAPTER = 'api::chapter.chapter';
const DEFAULT_BOOK = 'aba-for-parents';
const BOOK_TITLES: Record<string, string> = {
  'aba-for-parents': 'ABA for Parents',
  'aba-case-studies': 'ABA Case Studies',
};

export interface ChapterFields {
  documentId?: string | null;
  book?: string | null;
  number?: number | null;
}

export function chapterNumberTakenMessage(book: string, number: number, title: string): string {
  return `${BOOK_TITLES[book] ?? book} already has a chapter ${number}, '${title}'. Each book has one chapter per number: choose another number, or edit that chapter instead.`;
}

export async function assertChapterNumberFree(
  strapi: Core.Strapi,
  chapter: ChapterFields,
): Promise<void> {
  const { number, documentId } = chapter;
  // A draft may be saved before it has a number; publishing asks for one.
  if (number === null || number === undefined) return;
  const book = chapter.book ?? DEFAULT_BOOK;
  const taken = (await strapi.db.query(CHAPTER).findOne({
    select: ['title'],
    // The draft and the published copy of one chapter are two rows with its documentId.
    where: { book, number, ...(documentId ? { documentId: { $ne: documentId } } : {}) },
  })) as { title: string } | null;
  if (!taken) return;
  const message = chapterNumberTakenMessage(book, number, taken.title);
  throw new errors.ValidationError(message, {
    errors: [{ path: ['number'], message, name: 'ValidationError', value: number }],
  });
}

/** What a lifecycle hook of the chapter content type is given. */
export interface ChapterWrite {
  params: { data?: ChapterFields; where?: unknown };
}

/** An update that may change the book or the number: checked with the row's other fields. */
export async function assertUpdatedChapterNumberFree(
  strapi: Core.Strapi,
  { params }: ChapterWrite,
): Promise<void> {
  const { book, number } = params.data ?? {};
  if (book === undefined && number === undefined) return;
  const current = (await strapi.db.query(CHAPTER).findOne({
    select: ['documentId', 'book', 'number'],
    where: params.where,
  })) as ChapterFields | null;
  await assertChapterNumberFree(strapi, {
    documentId: current?.documentId,
    book: book === undefined ? current?.book : book,
    number: number === undefined ? current?.number : number,
  });
}
