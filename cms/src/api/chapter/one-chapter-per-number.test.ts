import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  assertChapterNumberFree,
  assertUpdatedChapterNumberFree,
  type ChapterFields,
} from './one-chapter-per-number';

interface Row extends ChapterFields {
  id: number;
  title: string;
}

/** Chapter rows as the database holds them: a published chapter has a draft row and a published one. */
const ROWS: Row[] = [
  { id: 1, documentId: 'parents-3', book: 'aba-for-parents', number: 3, title: 'Reinforcement' },
  { id: 2, documentId: 'parents-3', book: 'aba-for-parents', number: 3, title: 'Reinforcement' },
  { id: 3, documentId: 'parents-4', book: 'aba-for-parents', number: 4, title: 'Routines' },
  { id: 4, documentId: 'cases-2', book: 'aba-case-studies', number: 2, title: "Mia's Morning" },
];

type Where = { id?: number; book?: string; number?: number; documentId?: { $ne: string } };

const strapi = {
  db: {
    query: () => ({
      findOne: async ({ where }: { where: Where }) =>
        ROWS.find(
          (row) =>
            (where.id === undefined || row.id === where.id) &&
            (where.book === undefined || row.book === where.book) &&
            (where.number === undefined || row.number === where.number) &&
            (where.documentId === undefined || row.documentId !== where.documentId.$ne),
        ) ?? null,
    }),
  },
} as unknown as Core.Strapi;

const update = (id: number, data: ChapterFields) =>
  assertUpdatedChapterNumberFree(strapi, { params: { where: { id }, data } });

describe('one chapter per number per book', () => {
  it('refuses a second chapter 3 for ABA for Parents, naming the chapter that has the number', async () => {
    const attempt = assertChapterNumberFree(strapi, {
      documentId: 'new',
      book: 'aba-for-parents',
      number: 3,
    });
    await expect(attempt).rejects.toThrow(errors.ValidationError);
    await expect(attempt).rejects.toMatchObject({
      message:
        "ABA for Parents already has a chapter 3, 'Reinforcement'. Each book has one chapter per number: choose another number, or edit that chapter instead.",
      details: { errors: [expect.objectContaining({ path: ['number'] })] },
    });
  });

  it('takes a chapter without a book as one of ABA for Parents, the default', async () => {
    await expect(assertChapterNumberFree(strapi, { number: 4 })).rejects.toThrow(/chapter 4/);
  });

  it('lets each book have its own chapter 3', async () => {
    await expect(
      assertChapterNumberFree(strapi, { documentId: 'new', book: 'aba-case-studies', number: 3 }),
    ).resolves.toBeUndefined();
  });

  it("lets a chapter's draft and published copy share their number, as publishing writes", async () => {
    await expect(
      assertChapterNumberFree(strapi, {
        documentId: 'parents-3',
        book: 'aba-for-parents',
        number: 3,
      }),
    ).resolves.toBeUndefined();
  });

  it('lets a draft be saved before it has a number', async () => {
    await expect(
      assertChapterNumberFree(strapi, { documentId: 'new', book: 'aba-for-parents' }),
    ).resolves.toBeUndefined();
  });

  it("checks an update with the row's other fields: a new number in the same book, a new book with the same number", async () => {
    await expect(update(3, { number: 3 })).rejects.toThrow(
      /ABA for Parents already has a chapter 3/,
    );
    await expect(update(4, { book: 'aba-for-parents', number: 3 })).rejects.toThrow(/chapter 3/);
    await expect(update(3, { book: 'aba-case-studies' })).resolves.toBeUndefined();
    await expect(update(1, { number: 5 })).resolves.toBeUndefined();
  });

  it('leaves an update of the title or the description alone', async () => {
    await expect(update(99, {})).resolves.toBeUndefined();
  });
});
