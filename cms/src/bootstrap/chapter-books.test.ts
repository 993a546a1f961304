import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { backfillChapterBooks } from './chapter-books';

/** A database seeded before chapters had a book: one row per chapter, as Strapi left them. */
function earlierDatabase() {
  const rows = Array.from({ length: 10 }, (_, index) => ({
    number: index + 1,
    book: null as string | null,
    audioStart: null as string | null,
  }));
  // A chapter a marketer has since given a start time of their own.
  const edited = rows[3];
  const stored = new Map<string, unknown>();
  const matches = (row: (typeof rows)[number], where: Record<string, unknown>) =>
    Object.entries(where).every(([field, condition]) => {
      const value = row[field as keyof typeof row];
      return condition && typeof condition === 'object' && '$null' in condition
        ? value === null
        : value === condition;
    });
  const strapi = {
    dirs: { app: { root: path.resolve(__dirname, '../..') } },
    store: () => ({
      get: async ({ key }: { key: string }) => stored.get(key) ?? null,
      set: async ({ key, value }: { key: string; value: unknown }) => void stored.set(key, value),
    }),
    db: {
      query: () => ({
        updateMany: async ({
          where,
          data,
        }: {
          where: Record<string, unknown>;
          data: Record<string, unknown>;
        }) => {
          const hit = rows.filter((row) => matches(row, where));
          for (const row of hit) Object.assign(row, data);
          return { count: hit.length };
        },
      }),
    },
  } as unknown as Core.Strapi;
  return { rows, edited, strapi };
}

describe('backfillChapterBooks', () => {
  it("gives every earlier chapter ABA for Parents' book and the seed's start time", async () => {
    const { rows, strapi } = earlierDatabase();
    await backfillChapterBooks(strapi);
    expect(rows.every((row) => row.book === 'aba-for-parents')).toBe(true);
    const seeded = JSON.parse(
      readFileSync(path.resolve(__dirname, '../../data/chapters.json'), 'utf8'),
    ) as { audioStart: string }[];
    expect(rows.map((row) => row.audioStart)).toEqual(seeded.map((chapter) => chapter.audioStart));
    expect(rows[1]?.audioStart).toBe('0:18');
  });

  it('keeps a start time that is already set', async () => {
    const { rows, edited, strapi } = earlierDatabase();
    if (edited) edited.audioStart = '5:00';
    await backfillChapterBooks(strapi);
    expect(rows[3]?.audioStart).toBe('5:00');
  });

  it('runs once, so a start time a marketer empties later stays empty', async () => {
    const { rows, strapi } = earlierDatabase();
    await backfillChapterBooks(strapi);
    for (const row of rows) row.audioStart = null;
    await backfillChapterBooks(strapi);
    expect(rows.every((row) => row.audioStart === null)).toBe(true);
  });
});
