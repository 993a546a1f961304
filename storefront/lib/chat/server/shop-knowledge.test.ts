/** @jest-environment node */
/**
 * The chat's index as the server keeps it: read through the real CMS and commerce clients from
 * a stand-in CMS that answers with the seed content, and with the seeded draft as well when a
 * request does not insist on published entries (Strapi's public API returns drafts to
 * `?status=draft`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { seededStrapiPosts } from '@/test-support/seeded-blog-posts';
import { retrievalReply } from '../engine/retrieval-reply';

const CMS = 'http://cms.knowledge.test:1337';
const COMMERCE = 'http://commerce.knowledge.test:4000';
Object.assign(process.env, { CMS_URL: CMS, COMMERCE_URL: COMMERCE, CMS_REVALIDATE_SECONDS: '60' });

type ShopKnowledge = typeof import('./shop-knowledge');
type Entry = Record<string, unknown>;

const seed = (name: string) =>
  (
    JSON.parse(
      readFileSync(path.resolve(__dirname, '../../../../cms/data', name), 'utf8'),
    ) as Entry[]
  ).map(({ key, ...entry }): Entry => ({ ...entry, documentId: `seed-${String(key)}` }));

const DRAFT_POST = (() => {
  const draft = seed('blog-posts.json').find((post) => post.status === 'draft');
  if (!draft) throw new Error('The seed has no draft post');
  const { status: _status, cover: _cover, ...fields } = draft;
  return { ...fields, id: 99, cover: null, publishedAt: null } as Entry;
})();

/** What the stand-in CMS holds: the seed, which a test may change as a marketer would. */
let cms: {
  faqItems: Entry[];
  legalPages: Entry[];
  chapters: Entry[];
  posts: Entry[];
  down: boolean;
  /** How long each answer takes. */
  delayMs: number;
};
let requested: URL[];

function strapi(data: Entry[]) {
  return Response.json({ data, meta: { pagination: { total: data.length } } });
}

const fakeFetch: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  requested.push(url);
  if (url.href === `${COMMERCE}/api/products`) return Response.json(SEEDED_CATALOGUE);
  if (url.origin !== CMS) throw new TypeError(`fetch failed: ${url.href}`);
  if (cms.down) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
  // What the CMS holds when asked, answered a little later.
  const held = structuredClone(cms);
  if (held.delayMs) await new Promise((resolve) => setTimeout(resolve, held.delayMs));
  const published = url.searchParams.get('status') === 'published';
  const equal = (field: string) => url.searchParams.get(`filters[${field}][$eq]`);
  switch (url.pathname) {
    case '/api/faq-items':
      return strapi(held.faqItems.filter((item) => item.placement === equal('placement')));
    case '/api/legal-pages':
      return strapi(held.legalPages.filter((page) => page.slug === equal('slug')));
    case '/api/chapters':
      return strapi(held.chapters);
    case '/api/blog-posts':
      return strapi(published ? held.posts : [...held.posts, DRAFT_POST]);
    default:
      return new Response('Not found', { status: 404 });
  }
};

const realFetch = global.fetch;
let log: jest.Mock;
let knowledge: ShopKnowledge;

beforeEach(() => {
  cms = {
    faqItems: seed('faq-items.json'),
    legalPages: seed('legal-pages.json'),
    chapters: seed('chapters.json'),
    posts: seededStrapiPosts(),
    down: false,
    delayMs: 0,
  };
  requested = [];
  log = jest.fn();
  global.fetch = fakeFetch;
  // A server process of its own: the index lives on globalThis, shared by Next's bundles.
  Reflect.deleteProperty(globalThis, Symbol.for('aba.chat.shop-knowledge'));
  jest.isolateModules(() => {
    knowledge = jest.requireActual('./shop-knowledge');
  });
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => {
  global.fetch = realFetch;
  jest.restoreAllMocks();
});

const ask = async (message: string) =>
  retrievalReply(message, [], await knowledge.shopKnowledge({ log }));

const EDITED_ANSWER =
  'Most families we hear from see the first small changes within three to five weeks of daily practice.';

function editFaqAnswer(question: RegExp, answer: string) {
  cms.faqItems = cms.faqItems.map((item) =>
    question.test(String(item.question)) ? { ...item, answer } : item,
  );
}

describe('shopKnowledge', () => {
  it('reads every source through the CMS client, asking for published entries only', async () => {
    const reply = await ask('Can I return an eBook?');
    expect(reply.sources).toContainEqual(expect.objectContaining({ url: '/no-refund-policy' }));
    const fromCms = requested.filter((url) => url.origin === CMS);
    expect(new Set(fromCms.map((url) => url.pathname))).toEqual(
      new Set(['/api/faq-items', '/api/legal-pages', '/api/chapters', '/api/blog-posts']),
    );
    for (const url of fromCms) expect(url.searchParams.get('status')).toBe('published');
    expect(requested.map(String)).toContain(`${COMMERCE}/api/products`);
  });

  it('never holds a draft', async () => {
    const index = await knowledge.shopKnowledge({ log });
    const draftTitle = String(DRAFT_POST.title);
    expect(
      index.passages.some((passage) => passage.url === `/blog/${String(DRAFT_POST.slug)}`),
    ).toBe(false);
    expect(JSON.stringify(index.passages)).not.toContain(draftTitle);
  });

  it('answers from the same index until it is older than the content cache', async () => {
    const first = await knowledge.shopKnowledge({ log });
    editFaqAnswer(/notice a difference/, EDITED_ANSWER);
    expect(await knowledge.shopKnowledge({ log })).toBe(first);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    // The old index answers while the new one is built, so no visitor waits for it.
    expect(await knowledge.shopKnowledge({ log })).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await ask('how soon will i see a difference')).reply).toContain(EDITED_ANSWER);
  });

  it('answers from the published change once the CMS webhook marked the index stale', async () => {
    expect((await ask('how soon will i see a difference')).reply).not.toContain(EDITED_ANSWER);
    editFaqAnswer(/notice a difference/, EDITED_ANSWER);
    knowledge.markShopKnowledgeStale();
    expect((await ask('how soon will i see a difference')).reply).toContain(EDITED_ANSWER);
  });

  it('answers from a change published while a rebuild was reading the old content', async () => {
    await knowledge.shopKnowledge({ log });
    cms.delayMs = 100;
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    // A rebuild in the background begins reading the content as it was...
    await knowledge.shopKnowledge({ log });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // ...when a marketer publishes.
    editFaqAnswer(/notice a difference/, EDITED_ANSWER);
    knowledge.markShopKnowledgeStale();
    expect((await ask('how soon will i see a difference')).reply).toContain(EDITED_ANSWER);
  });

  it('keeps the last good index when the CMS is down at a rebuild, and says why', async () => {
    const before = await ask('Can I return an eBook?');
    cms.down = true;
    knowledge.markShopKnowledgeStale();
    const after = await ask('Can I return an eBook?');
    expect(after).toEqual(before);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/could not be read/));
  });

  it('answers from what it could read when the CMS is down at the start, and reads again later', async () => {
    cms.down = true;
    const reply = await ask('How much is the complete pack?');
    expect(reply.reply).toContain('$42.99');
    expect((await ask('Can I return an eBook?')).sources).not.toContainEqual(
      expect.objectContaining({ url: '/no-refund-policy' }),
    );
    cms.down = false;
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    await knowledge.shopKnowledge({ log });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await ask('Can I return an eBook?')).sources).toContainEqual(
      expect.objectContaining({ url: '/no-refund-policy' }),
    );
  });

  it('reports the build: passages, time and size', async () => {
    knowledge.warmShopKnowledge({ log });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const build = knowledge.lastKnowledgeBuild();
    expect(build?.complete).toBe(true);
    expect(build?.passages).toBeGreaterThan(50);
    expect(build?.indexBytes).toBeGreaterThan(10_000);
  });
});
