/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const CMS = 'http://cms.chapters.test:1337';
Object.assign(process.env, { CMS_URL: CMS, CMS_REVALIDATE_SECONDS: '60' });

type Chapters = typeof import('./chapters');
type Entry = Record<string, unknown>;

/** The chapters the seeded CMS holds, both books, as Strapi answers them. */
const seeded: Entry[] = ['chapters.json', 'chapters-case-studies.json'].flatMap((file) =>
  (
    JSON.parse(readFileSync(path.resolve(__dirname, '../../../cms/data', file), 'utf8')) as Entry[]
  ).map(({ key, ...entry }): Entry => ({ ...entry, documentId: `seed-${String(key)}` })),
);

let held: Entry[];
let requests: { url: URL; init: RequestInit & { next?: { tags?: string[] } } }[];
let chapters: Chapters;

const realFetch = global.fetch;
beforeEach(() => {
  held = structuredClone(seeded);
  requests = [];
  // A stand-in CMS that filters by book and sorts by number, and leaves out unasked fields.
  global.fetch = (async (input: string | URL, init: RequestInit) => {
    const url = new URL(String(input));
    requests.push({ url, init });
    const book = url.searchParams.get('filters[book][$eq]');
    const fields = [...url.searchParams.entries()]
      .filter(([name]) => name.startsWith('fields['))
      .map(([, field]) => field);
    const data = held
      .filter((entry) => !book || entry.book === book)
      .sort((a, b) => Number(a.number) - Number(b.number))
      .map((entry) =>
        fields.length > 0
          ? Object.fromEntries(
              Object.entries(entry).filter(([field]) =>
                [...fields, 'id', 'documentId'].includes(field),
              ),
            )
          : entry,
      );
    return Response.json({ data, meta: {} });
  }) as typeof fetch;
  jest.isolateModules(() => {
    chapters = jest.requireActual('./chapters');
  });
});
afterEach(() => {
  global.fetch = realFetch;
});

describe('getAudiobookChapters', () => {
  it("gives ABA for Parents' ten chapters with the start times marketers set, in seconds", async () => {
    expect(await chapters.getAudiobookChapters('aba-for-parents')).toEqual(
      [
        'Understanding ABA and Your Child',
        'Observing Behaviour: The ABC Approach',
        'The Power of Positive Reinforcement',
        'Routines and Visual Supports',
        'Communication and Making Requests',
        'Understanding Challenging Behaviour',
        'Teaching Daily Living Skills',
        'Social and Play Skills',
        'Working with Professionals and School',
        'Tracking Progress and Caring for Yourself',
      ].map((title, index) => ({ number: index + 1, title, startSeconds: index * 18 })),
    );
  });

  it("gives ABA Case Studies' chapters with no start time, which the MP3's own chapters fill in", async () => {
    const caseStudies = await chapters.getAudiobookChapters('aba-case-studies');
    expect(caseStudies.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(caseStudies[1]).toEqual({
      number: 2,
      title: "Family One: Mia's Morning Routine",
      startSeconds: null,
    });
    expect(caseStudies.every((chapter) => chapter.startSeconds === null)).toBe(true);
  });

  it('asks the CMS for one book, published, under the chapter cache tags the publish webhook refreshes', async () => {
    await chapters.getAudiobookChapters('aba-case-studies');
    const [{ url, init }] = requests as [(typeof requests)[number]];
    expect(url.pathname).toBe('/api/chapters');
    expect(url.searchParams.get('filters[book][$eq]')).toBe('aba-case-studies');
    expect(url.searchParams.get('status')).toBe('published');
    expect(init.next?.tags).toEqual(['cms', 'cms:chapter']);
  });

  it('orders the chapters by number whatever order the CMS sends', async () => {
    global.fetch = (async () =>
      Response.json({
        data: [
          { number: 2, title: 'Second', audioStart: '1:05:00' },
          { number: 1, title: 'First', audioStart: null },
        ],
      })) as unknown as typeof fetch;
    expect(await chapters.getAudiobookChapters('aba-for-parents')).toEqual([
      { number: 1, title: 'First', startSeconds: null },
      { number: 2, title: 'Second', startSeconds: 3900 },
    ]);
  });
});

describe('audioStartSeconds', () => {
  it.each([
    ['0:00', 0],
    ['0:18', 18],
    ['12:30', 750],
    ['125:00', 7500],
    ['1:05:00', 3900],
    ['10:00:01', 36001],
    [null, null],
    [undefined, null],
    ['', null],
    ['12.30', null],
    ['1:60', null],
    ['1:2:03', null],
    [' 12:30', null],
  ])('reads %p as %p', (start, seconds) => {
    expect(chapters.audioStartSeconds(start)).toBe(seconds);
  });
});

describe('getChapters', () => {
  it("keeps the home page's summaries to ABA for Parents' ten chapters", async () => {
    const summaries = await chapters.getChapters();
    expect(summaries.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(summaries[0]?.title).toBe('Understanding ABA and Your Child');
    expect(requests[0]?.url.searchParams.get('filters[book][$eq]')).toBe('aba-for-parents');
  });
});
