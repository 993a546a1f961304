/**
 * Boots the built CMS on a fresh database (SQLite, or PostgreSQL when TEST_DATABASE_URL is
 * set) and checks what visitors and the storefront can see, and what a restart keeps.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import {
  createCmsDatabase,
  developmentAdminToken,
  startCms,
  type CmsDatabase,
  type RunningCms,
} from '../test-support/running-cms';

jest.setTimeout(180_000);

interface Delivery {
  path: string;
  secret: string | undefined;
  memberSecret: string | undefined;
  body: { event: string; model?: string; entry?: Record<string, unknown> };
}

let database: CmsDatabase;
let cms: RunningCms;
let listener: Server;
let listenerUrl: string;
const deliveries: Delivery[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

/** The parts of Strapi's JSON answers these tests read. */
interface Entry {
  documentId: string;
  number: number;
  audioStart: string | null;
  slug: string;
  answer: string;
  dateLabel: string;
  date: string;
  sections: unknown[];
  photo: { url: string; alternativeText: string };
}

interface ApiBody {
  data: Entry[] & Entry & { token: string };
  meta: { pagination: { total: number } };
  results: Entry[];
  error: { message: string; details: { errors: { path: string[]; message: string }[] } };
}

async function api(path: string, init?: RequestInit) {
  const response = await fetch(`${cms.url}${path}`, init);
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as ApiBody,
  };
}

/** The first publication of a model the CMS announced to a path, waiting up to ten seconds. */
async function delivered(path: string, model: string): Promise<Delivery | undefined> {
  const matches = (delivery: Delivery) =>
    delivery.path === path &&
    delivery.body.event === 'entry.publish' &&
    delivery.body.model === model;
  const deadline = Date.now() + 10_000;
  while (!deliveries.some(matches) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return deliveries.find(matches);
}

async function total(type: string, query = '') {
  const { status, body } = await api(`/api/${type}?pagination[pageSize]=100${query}`);
  expect(status).toBe(200);
  return body.meta.pagination.total;
}

const adminToken = () => developmentAdminToken(cms);

beforeAll(async () => {
  listener = createServer(async (request, response) => {
    const body = await readBody(request);
    deliveries.push({
      path: request.url ?? '',
      secret: request.headers['x-revalidate-secret'] as string | undefined,
      memberSecret: request.headers['x-member-content-secret'] as string | undefined,
      body: JSON.parse(body || '{}'),
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  listenerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  database = await createCmsDatabase();
  cms = await startCms(database, listeners());
});

/** Where the CMS sends its webhooks: the storefront's and the commerce service's, both here. */
const listeners = () => ({ STOREFRONT_URL: listenerUrl, COMMERCE_URL: listenerUrl });

afterAll(async () => {
  await cms?.stop();
  await database?.drop();
  await new Promise((resolve) => listener?.close(resolve));
});

describe('a fresh CMS', () => {
  it('runs on the database the test asked for', () => {
    expect(cms.log()).toMatch(
      database.kind === 'postgres' ? /Database\s+│\s+postgres/ : /Database\s+│\s+sqlite/,
    );
  });

  it('serves every content type with the seeded counts', async () => {
    expect(await total('blog-posts')).toBe(6);
    expect(await total('blog-posts', '&filters[featured][$eq]=true')).toBe(3);
    expect(await total('faq-items', '&filters[placement][$eq]=home')).toBe(8);
    expect(await total('faq-items', '&filters[placement][$eq]=contact')).toBe(4);
    expect(await total('testimonials', '&filters[placement][$eq]=home')).toBe(3);
    expect(await total('testimonials', '&filters[placement][$eq]=shop')).toBe(1);
    expect(await total('chapters', '&filters[book][$eq]=aba-for-parents')).toBe(10);
    expect(await total('chapters', '&filters[book][$eq]=aba-case-studies')).toBe(10);
    expect(await total('legal-pages')).toBe(4);
    expect(await total('reviews')).toBe(2);
  });

  it('serves the seeded images with their alt text', async () => {
    const { body } = await api('/api/testimonials?populate=photo');
    for (const testimonial of body.data) {
      expect(testimonial.photo.alternativeText).toMatch(/\w{3,}/);
      const image = await fetch(`${cms.url}${testimonial.photo.url}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('keeps the legal pages dated and their sections in order', async () => {
    const { body } = await api('/api/legal-pages?populate=sections&sort=slug:asc');
    expect(
      body.data.map((page) => [page.slug, page.dateLabel, page.date, page.sections.length]),
    ).toEqual([
      ['accessibility', 'Last updated', '2026-11-27', 6],
      ['no-refund-policy', 'Effective', '2025-09-30', 5],
      ['privacy-policy', 'Last updated', '2025-09-26', 6],
      ['terms-and-conditions', 'Last updated', '2025-09-26', 9],
    ]);
  });
});

describe('the chapters of both books', () => {
  const chapters = async (book: string) =>
    (await api(`/api/chapters?filters[book][$eq]=${book}&sort=number:asc`)).body.data;
  const adminHeaders = async () => ({
    authorization: `Bearer ${await adminToken()}`,
    'content-type': 'application/json',
  });
  const CHAPTERS = '/content-manager/collection-types/api::chapter.chapter';

  it("gives ABA for Parents' chapters their audiobook start times and leaves Case Studies' to the MP3", async () => {
    expect((await chapters('aba-for-parents')).map((chapter) => chapter.audioStart)).toEqual([
      '0:00',
      '0:18',
      '0:36',
      '0:54',
      '1:12',
      '1:30',
      '1:48',
      '2:06',
      '2:24',
      '2:42',
    ]);
    const caseStudies = await chapters('aba-case-studies');
    expect(caseStudies.map((chapter) => chapter.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(caseStudies.every((chapter) => chapter.audioStart === null)).toBe(true);
  });

  it("refuses a second chapter of a book's number, saying why under the number field", async () => {
    const { status, body } = await api(CHAPTERS, {
      method: 'POST',
      headers: await adminHeaders(),
      body: JSON.stringify({
        book: 'aba-case-studies',
        number: 2,
        title: 'Another Morning Routine',
        description: 'A second chapter two, which the book cannot have.',
      }),
    });
    expect(status).toBe(400);
    expect(body.error.message).toMatch(
      /^ABA Case Studies already has a chapter 2, 'Family One: Mia's Morning Routine'\./,
    );
    expect(body.error.details.errors[0]?.path).toEqual(['number']);
    expect(await total('chapters')).toBe(20);
  });

  it('refuses to publish an audiobook start time that is not m:ss or h:mm:ss', async () => {
    const headers = await adminHeaders();
    const [first] = await chapters('aba-case-studies');
    const document = `${CHAPTERS}/${first?.documentId}`;
    const publish = (audioStart: string | null) =>
      api(`${document}/actions/publish`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ audioStart }),
      });
    expect((await publish('12.30')).status).toBe(400);
    expect((await publish('1:05:00')).status).toBe(200);
    expect((await publish(null)).status).toBe(200);
    expect((await chapters('aba-case-studies'))[0]?.audioStart).toBeNull();
  });

  it('explains the book and the start time to marketers in the admin', async () => {
    const { status, body } = await api(
      '/content-manager/content-types/api::chapter.chapter/configuration',
      { headers: await adminHeaders() },
    );
    expect(status).toBe(200);
    const { metadatas } = (
      body as unknown as {
        data: {
          contentType: {
            metadatas: Record<string, { edit: { label: string; description: string } }>;
          };
        };
      }
    ).data.contentType;
    expect(metadatas.book?.edit.label).toBe('Book');
    expect(metadatas.audioStart?.edit).toMatchObject({
      label: 'Audiobook start time',
      description: expect.stringContaining('minutes:seconds (12:30)'),
    });
  });
});

describe('drafts stay hidden from the public', () => {
  const DRAFT_SLUG = 'holiday-routines-draft';

  it.each([
    ['?status=draft'],
    ['?publicationState=preview'],
    ['?status=draft&publicationState=preview'],
    ['?filters[publishedAt][$null]=true'],
    ['?populate=*&status=draft'],
    [`?filters[slug][$eq]=${DRAFT_SLUG}&status=draft`],
  ])('through /api/blog-posts%s', async (query) => {
    const { status, body } = await api(`/api/blog-posts${query}`);
    expect(status).toBe(200);
    expect(body.data.map((post) => post.slug)).not.toContain(DRAFT_SLUG);
  });

  it('through a direct findOne of the draft document', async () => {
    const token = await adminToken();
    const { body } = await api(
      `/content-manager/collection-types/api::blog-post.blog-post?filters[slug][$eq]=${DRAFT_SLUG}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const documentId = body.results[0]?.documentId;
    expect((await api(`/api/blog-posts/${documentId}`)).status).toBe(404);
    expect((await api(`/api/blog-posts/${documentId}?status=draft`)).status).toBe(404);
  });

  it('through the preview route unless the shared secret is given', async () => {
    expect((await api(`/api/preview/blog-posts/${DRAFT_SLUG}`)).status).toBe(401);
    const wrong = await api(`/api/preview/blog-posts/${DRAFT_SLUG}`, {
      headers: { 'x-preview-secret': 'not-the-secret-at-all' },
    });
    expect(wrong.status).toBe(401);
    const right = await api(`/api/preview/blog-posts/${DRAFT_SLUG}`, {
      headers: { 'x-preview-secret': database.env.PREVIEW_SECRET as string },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.slug).toBe(DRAFT_SLUG);
  });

  it('refuses anonymous writes and sign-ups', async () => {
    const json = { 'content-type': 'application/json' };
    const create = await api('/api/faq-items', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        data: { question: 'Injected?', answer: 'Injected answer', placement: 'home', order: 1 },
      }),
    });
    expect(create.status).toBe(403);
    const register = await api('/api/auth/local/register', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'visitor',
        email: 'visitor@example.com',
        password: 'Visitor-2025',
      }),
    });
    expect(register.status).toBe(400);
    expect(register.body.error.message).toBe('Register action is currently disabled');
  });
});

describe('a marketer edits and publishes', () => {
  const EDITED =
    'Edited by a marketer: all sales are final, with the two exceptions of our No Refund Policy.';

  it('calls the storefront revalidation webhook with the shared secret', async () => {
    const token = await adminToken();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const { body } = await api(
      '/content-manager/collection-types/api::faq-item.faq-item?filters[question][$eq]=Can I get a refund?',
      { headers },
    );
    const documentId = body.results[0]?.documentId;
    const base = `/content-manager/collection-types/api::faq-item.faq-item/${documentId}`;
    expect(
      (await api(base, { method: 'PUT', headers, body: JSON.stringify({ answer: EDITED }) }))
        .status,
    ).toBe(200);
    expect(
      (await api(`${base}/actions/publish`, { method: 'POST', headers, body: '{}' })).status,
    ).toBe(200);

    const publish = await delivered('/api/revalidate', 'faq-item');
    expect(publish).toMatchObject({
      path: '/api/revalidate',
      secret: database.env.REVALIDATE_SECRET,
      body: { event: 'entry.publish', model: 'faq-item' },
    });
    expect(
      (await api('/api/faq-items?filters[question][$eq]=Can I get a refund?')).body.data[0].answer,
    ).toBe(EDITED);
  });

  it('keeps the edit and duplicates nothing when the CMS starts again', async () => {
    await cms.stop();
    cms = await startCms(database, listeners());
    expect(await total('blog-posts')).toBe(6);
    expect(await total('faq-items')).toBe(12);
    expect(await total('testimonials')).toBe(4);
    expect(await total('chapters')).toBe(20);
    expect(await total('legal-pages')).toBe(4);
    expect(await total('reviews')).toBe(2);
    expect(
      (await api('/api/faq-items?filters[question][$eq]=Can I get a refund?')).body.data[0].answer,
    ).toBe(EDITED);
  });
});

describe('member resources', () => {
  const RESOURCES = '/content-manager/collection-types/api::member-resource.member-resource';
  const member = () => ({
    'x-member-content-secret': database.env.MEMBER_CONTENT_SECRET as string,
  });
  const adminHeaders = async () => ({
    authorization: `Bearer ${await adminToken()}`,
    'content-type': 'application/json',
  });

  interface CommerceFile {
    id: string;
    kind: string;
    name: string;
    url: string;
    mime: string;
    size: number;
  }
  interface CommerceResource {
    id: string;
    title: string;
    month: string;
    transcript: string | null;
    questions: { title: string; start: string }[];
    files: CommerceFile[];
  }

  async function forCommerce(): Promise<CommerceResource[]> {
    const response = await fetch(`${cms.url}/api/member-resources/for-commerce`, {
      headers: member(),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { resources: CommerceResource[] }).resources;
  }

  it('have no public read, and their one read answers only the secret', async () => {
    expect((await api('/api/member-resources')).status).toBe(404);
    expect((await api('/api/member-resources?status=draft')).status).toBe(404);
    expect((await api('/api/member-resources/for-commerce')).status).toBe(401);
    const wrong = await api('/api/member-resources/for-commerce', {
      headers: { 'x-member-content-secret': `${database.env.MEMBER_CONTENT_SECRET}x` },
    });
    expect(wrong.status).toBe(401);
    const preview = await api('/api/member-resources/for-commerce', {
      headers: { 'x-revalidate-secret': database.env.REVALIDATE_SECRET as string },
    });
    expect(preview.status).toBe(401);
  });

  it('give the commerce service the published sample, with its files, transcript and questions', async () => {
    const [sample, ...others] = await forCommerce();
    expect(others).toEqual([]);
    expect(sample).toMatchObject({
      title: 'Morning routines that stick',
      month: '2026-03',
      transcript: expect.stringContaining('visual schedule'),
      questions: [
        { title: 'How many steps should a visual schedule have?', start: '0:00' },
        { title: 'What if my child refuses to get dressed?', start: '0:18' },
      ],
    });
    expect(sample?.files.map(({ kind, name, mime, size }) => [kind, name, mime, size])).toEqual([
      ['pdf', 'Morning routine worksheet', 'application/pdf', 2759],
      ['audio', 'Morning routines Q&A', 'audio/mpeg', 112644],
    ]);
  });

  it('keep their files from everyone but the commerce service, however the address is written', async () => {
    const [sample] = await forCommerce();
    for (const file of sample?.files ?? []) {
      const name = file.url.slice('/uploads/'.length);
      for (const path of [
        file.url,
        `//uploads/${name}`,
        `/%75ploads/${name}`,
        `/x/..${file.url}`,
      ]) {
        const refused = await fetch(`${cms.url}${path}`);
        expect([path, refused.status]).toEqual([path, 404]);
      }
      const ranged = await fetch(`${cms.url}${file.url}`, {
        headers: { ...member(), range: 'bytes=0-99' },
      });
      expect(ranged.status).toBe(206);
      expect((await ranged.arrayBuffer()).byteLength).toBe(100);
      const whole = await fetch(`${cms.url}${file.url}`, { headers: member() });
      expect(whole.status).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(file.size);
    }
    // Everything else uploaded is served as before.
    const { body } = await api('/api/testimonials?populate=photo');
    expect((await fetch(`${cms.url}${body.data[0]?.photo.url}`)).status).toBe(200);
  });

  it('keep a draft to the CMS, and its file private from the moment it is attached', async () => {
    const form = new FormData();
    form.append(
      'files',
      new Blob(['%PDF-1.4 a draft worksheet'], { type: 'application/pdf' }),
      'april-worksheet.pdf',
    );
    const uploaded = await fetch(`${cms.url}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken()}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const [file] = (await uploaded.json()) as { id: number; url: string }[];
    const created = await api(RESOURCES, {
      method: 'POST',
      headers: await adminHeaders(),
      body: JSON.stringify({
        title: 'Bedtime without tears',
        month: '2026-04',
        description: "April's pack: a bedtime routine worksheet, for a draft.",
        worksheets: [file?.id],
      }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${cms.url}${file?.url}`)).status).toBe(404);
    expect((await forCommerce()).map((resource) => resource.month)).toEqual(['2026-03']);
  });

  it('are published with a recording only with its transcript, and the commerce service is told', async () => {
    const [sample] = await forCommerce();
    const recording = Number(sample?.files.find((file) => file.kind === 'audio')?.id);
    const headers = await adminHeaders();
    const created = await api(RESOURCES, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'Toilet training, together',
        month: '2026-05',
        description: "May's recorded Q&A on toilet training, step by step.",
        recording,
      }),
    });
    expect(created.status).toBe(201);
    const document = `${RESOURCES}/${created.body.data.documentId}`;
    const refused = await api(`${document}/actions/publish`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(
      'A resource with a recording needs its transcript before it is published: paste what is said, so that members who cannot listen can read it.',
    );
    expect(refused.body.error.details.errors[0]?.path).toEqual(['transcript']);

    const published = await api(`${document}/actions/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ transcript: 'What is said in May.' }),
    });
    expect(published.status).toBe(200);
    expect((await forCommerce()).map((resource) => resource.month)).toEqual(['2026-05', '2026-03']);
    expect(await delivered('/api/member-content/published', 'member-resource')).toMatchObject({
      memberSecret: database.env.MEMBER_CONTENT_SECRET,
      body: { event: 'entry.publish', model: 'member-resource' },
    });
  });

  it('keep their files private after a restart', async () => {
    await cms.stop();
    cms = await startCms(database, listeners());
    const [, sample] = await forCommerce();
    for (const file of sample?.files ?? []) {
      expect((await fetch(`${cms.url}${file.url}`)).status).toBe(404);
    }
  });
});
