/** @jest-environment node */
const CMS = 'http://cms.reviews.test:1337';
Object.assign(process.env, { CMS_URL: CMS, CMS_REVALIDATE_SECONDS: '60' });

type Reviews = typeof import('./reviews');

const entry = (index: number) => ({
  id: index,
  documentId: `review-${index}`,
  productId: index % 2 ? 'ebook-aba-for-parents' : 'ebook-aba-case-studies',
  productName: index % 2 ? 'eBook ABA for Parents' : 'eBook ABA Case Studies',
  rating: 1 + (index % 5),
  text: `Review number ${index}, long enough to be a review.`,
  firstName: index % 3 ? `Parent ${index}` : null,
  childAge: null,
  submittedAt: new Date(Date.UTC(2026, 10, 1) - index * 60_000).toISOString(),
  publishedAt: '2026-11-02T00:00:00.000Z',
});

let requests: { url: URL; init: RequestInit & { next?: { tags?: string[] } } }[];
let reviews: Reviews;
const realFetch = global.fetch;

/** A stand-in CMS holding `count` published reviews, newest first, paged as Strapi pages. */
function cmsHolding(count: number) {
  global.fetch = (async (input: string | URL, init: RequestInit) => {
    const url = new URL(String(input));
    requests.push({ url, init });
    const page = Number(url.searchParams.get('pagination[page]') ?? 1);
    const pageSize = Math.min(Number(url.searchParams.get('pagination[pageSize]') ?? 25), 100);
    const all = Array.from({ length: count }, (_, index) => entry(index + 1));
    return Response.json({
      data: all.slice((page - 1) * pageSize, page * pageSize),
      meta: { pagination: { page, pageSize, total: count } },
    });
  }) as typeof fetch;
}

beforeEach(() => {
  requests = [];
  jest.isolateModules(() => {
    reviews = jest.requireActual('./reviews');
  });
});
afterEach(() => {
  global.fetch = realFetch;
});

describe('getPublishedReviews', () => {
  it('reads every published review, page after page, so the rating counts them all', async () => {
    cmsHolding(230);
    const read = await reviews.getPublishedReviews();
    expect(read).toHaveLength(230);
    expect(new Set(read.map((review) => review.documentId)).size).toBe(230);
    expect(requests.map(({ url }) => url.searchParams.get('pagination[page]'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('asks for published reviews, newest first, under the review cache tags the publish webhook refreshes', async () => {
    cmsHolding(2);
    await reviews.getPublishedReviews();
    const [{ url, init }] = requests as [(typeof requests)[number]];
    expect(url.pathname).toBe('/api/reviews');
    expect(url.searchParams.get('status')).toBe('published');
    expect(url.searchParams.get('sort')).toBe('submittedAt:desc');
    expect(init.next?.tags).toEqual(['cms', 'cms:review']);
  });

  it('fails on a CMS without reviews, so that the page that asked shows none', async () => {
    global.fetch = (async () =>
      Response.json({ data: null, error: { status: 404 } }, { status: 404 })) as typeof fetch;
    await expect(reviews.getPublishedReviews()).rejects.toMatchObject({
      name: 'CmsError',
      status: 404,
    });
  });
});
