import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AUDIO_START,
  blogPostSeed,
  chapterSeed,
  faqItemSeed,
  legalPageSeed,
  seedFiles,
  testimonialSeed,
} from './seed-files';

const cmsRoot = path.resolve(__dirname, '../..');

function readSeed(file: string): unknown[] {
  return JSON.parse(readFileSync(path.join(cmsRoot, 'data', file), 'utf8'));
}

function contentTypeAttributes(uid: string): Record<string, { required?: boolean }> {
  const name = uid.split('.').pop() as string;
  const schema = JSON.parse(
    readFileSync(path.join(cmsRoot, 'src/api', name, 'content-types', name, 'schema.json'), 'utf8'),
  );
  return schema.attributes;
}

describe('seed data files', () => {
  it.each(seedFiles.map((seed) => [seed.file, seed] as const))(
    '%s matches its schema',
    (_file, seed) => {
      expect(() => seed.schema.parse(readSeed(seed.file))).not.toThrow();
    },
  );

  it.each(seedFiles.map((seed) => [seed.file, seed] as const))(
    '%s uses only attributes its content type has, and fills every required one',
    (_file, seed) => {
      const attributes = contentTypeAttributes(seed.uid);
      const required = Object.entries(attributes)
        .filter(([, attribute]) => attribute.required)
        .map(([name]) => name);
      for (const entry of seed.schema.parse(readSeed(seed.file))) {
        const { key: _key, status: _status, createdAt: _createdAt, ...fields } = entry;
        expect(Object.keys(attributes)).toEqual(expect.arrayContaining(Object.keys(fields)));
        expect(Object.keys(fields)).toEqual(expect.arrayContaining(required));
      }
    },
  );

  it('has unique keys in every content type, across its files', () => {
    for (const uid of new Set(seedFiles.map((seed) => seed.uid))) {
      const keys = seedFiles
        .filter((seed) => seed.uid === uid)
        .flatMap((seed) => seed.schema.parse(readSeed(seed.file)).map((entry) => entry.key));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('holds the 8 home and 4 contact FAQ items the site shows', () => {
    const items = faqItemSeed.array().parse(readSeed('faq-items.json'));
    expect(items.filter((item) => item.placement === 'home')).toHaveLength(8);
    expect(items.filter((item) => item.placement === 'contact')).toHaveLength(4);
  });

  // Their read times are counted from the content by the storefront, which checks them against
  // this file (storefront/lib/blog/seeded-read-times.test.ts).
  it('holds the three featured articles with the titles and categories of the blog', () => {
    const posts = blogPostSeed.array().parse(readSeed('blog-posts.json'));
    const featured = posts
      .filter((post) => post.featured)
      .map(({ slug, title, category }) => ({ slug, title, category }));
    expect(featured).toEqual([
      {
        slug: 'featured-1',
        title: "Getting Started with ABA: A Parent's First Steps",
        category: 'Getting Started',
      },
      {
        slug: 'featured-2',
        title: 'Building Emotional Connection Through ABA',
        category: 'Emotional Development',
      },
      {
        slug: 'featured-3',
        title: 'Creating Family Harmony with Consistent ABA Practices',
        category: 'Family Support',
      },
    ]);
    expect(posts.filter((post) => post.status === 'draft')).toHaveLength(1);
  });

  it('holds the ten chapters, numbered 1 to 10', () => {
    const chapters = chapterSeed.array().parse(readSeed('chapters.json'));
    expect(chapters.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  // The sample MP3s name the same titles in their ID3 chapters (commerce-service/src/dev).
  it.each([
    ['chapters.json', 'aba-for-parents'],
    ['chapters-case-studies.json', 'aba-case-studies'],
  ])("%s holds the ten chapters of %s, titled as the book's outline", (file, book) => {
    const chapters = chapterSeed.array().parse(readSeed(file));
    const books = JSON.parse(
      readFileSync(path.join(cmsRoot, '../commerce-service/data/books.json'), 'utf8'),
    ) as Record<string, { chapters: string[] }>;
    expect(chapters.every((chapter) => chapter.book === book)).toBe(true);
    expect(chapters.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(chapters.map((chapter) => chapter.title)).toEqual(books[book]?.chapters);
  });

  it("gives ABA for Parents' chapters start times in order, and leaves Case Studies' to the MP3", () => {
    const toSeconds = (start = '') =>
      start.split(':').reduce((seconds, part) => seconds * 60 + Number(part), 0);
    const parents = chapterSeed.array().parse(readSeed('chapters.json'));
    const starts = parents.map((chapter) => toSeconds(chapter.audioStart));
    expect(starts[0]).toBe(0);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(10);
    const caseStudies = chapterSeed.array().parse(readSeed('chapters-case-studies.json'));
    expect(caseStudies.every((chapter) => chapter.audioStart === undefined)).toBe(true);
  });

  it.each([
    ['0:00', true],
    ['12:30', true],
    ['125:00', true],
    ['1:05:00', true],
    ['12.30', false],
    ['1:5', false],
    ['1:60', false],
    ['1:2:03', false],
    ['12:30 ', false],
  ])('takes %p as an audiobook start time: %p', (start, valid) => {
    expect(AUDIO_START.test(start)).toBe(valid);
    const attributes = contentTypeAttributes('api::chapter.chapter') as Record<
      string,
      { regex?: string }
    >;
    expect(new RegExp(attributes.audioStart?.regex ?? '').test(start)).toBe(valid);
  });

  it('holds 3 home testimonials and 1 shop testimonial, each with 5 stars', () => {
    const testimonials = testimonialSeed.array().parse(readSeed('testimonials.json'));
    expect(testimonials.filter((item) => item.placement === 'home')).toHaveLength(3);
    expect(testimonials.filter((item) => item.placement === 'shop')).toHaveLength(1);
    expect(testimonials.every((item) => item.rating === 5)).toBe(true);
  });

  it('holds the three legal pages and the accessibility statement with their dates and section counts', () => {
    const pages = legalPageSeed.array().parse(readSeed('legal-pages.json'));
    expect(
      pages.map(({ slug, dateLabel, date, sections }) => [slug, dateLabel, date, sections.length]),
    ).toEqual([
      ['privacy-policy', 'Last updated', '2025-09-26', 6],
      ['terms-and-conditions', 'Last updated', '2025-09-26', 9],
      ['no-refund-policy', 'Effective', '2025-09-30', 5],
      ['accessibility', 'Last updated', '2026-11-27', 6],
    ]);
    const accessibility = pages.find((page) => page.slug === 'accessibility');
    const statement = accessibility?.sections.map((section) => section.body).join('\n') ?? '';
    expect(statement).toContain('WCAG) 2.2 at level AA');
    expect(statement).toMatch(/axe/);
    expect(statement).toContain('mailto:');
    const noRefund = pages.find((page) => page.slug === 'no-refund-policy');
    const text = noRefund?.sections.map((section) => section.body).join('\n') ?? '';
    expect(text).toMatch(/7 days/);
    expect(text).toContain('(/contact)');
    expect(text).toContain('mailto:');
  });

  it('ships every image and file a seed entry refers to', () => {
    for (const seed of seedFiles) {
      for (const entry of seed.schema.parse(readSeed(seed.file))) {
        for (const field of seed.mediaFields) {
          const media = (entry as Record<string, unknown>)[field] as
            { file: string } | { file: string }[] | undefined;
          for (const { file } of [media ?? []].flat()) {
            expect(existsSync(path.join(cmsRoot, 'data', file))).toBe(true);
          }
        }
      }
    }
  });
});
