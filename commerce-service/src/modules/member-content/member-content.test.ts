/**
 * The membership's monthly resources (docs/product.md#member-resources): a member sees them in
 * the library and streams their files, worksheets stamped for them; anyone else sees what they
 * are and gets none of their files; each published resource is e-mailed to each member once. The
 * CMS is a stand-in answering its one route and the files only with the shared secret.
 */
import { pageTexts } from '@aba-shop/test-kit/pdf-text';
import { renderBookPdf } from '../../dev/sample-pdf.ts';
import {
  buyLocally,
  orderNumberOf,
  cookieHeader,
  createTestApp,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';
import { startFakeCms, type FakeCms } from '../../test-support/fake-cms.ts';
import { UnavailableError } from '../../domain-errors.ts';
import { applyMembershipState } from '../memberships/service.ts';
import { createMemberContentSource } from './cms-source.ts';
import { eraseMemberContentOfEmail, memberAccessOf, memberShelfOf } from './service.ts';

const SECRET = 'test-member-content-secret-0123456789abcdef';
const MEMBERSHIP = [{ productId: 'aba-parent-support-monthly', quantity: 1 }];
const EBOOK = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
const ORIGIN = { origin: 'http://127.0.0.1:3000' };
const quiet = { warn: () => {}, error: () => {} };

const WORKSHEET = renderBookPdf({
  title: 'Morning Routine Worksheet',
  subtitle: 'Plan, picture and track one calm morning',
  chapters: ['Plan the steps', 'Track the week'],
});
const RECORDING = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));

const MARCH = {
  id: 'm2026march000000000000001',
  title: 'Morning routines that stick',
  month: '2026-03',
  description: 'A calm morning, step by step: a worksheet and the recorded Q&A.',
  transcript: '**Host:** Welcome to the Q&A on morning routines.',
  publishedAt: '2026-03-02T08:00:00.000Z',
  questions: [
    { title: 'How many steps should a schedule have?', start: '0:00' },
    { title: 'What if my child refuses to get dressed?', start: '1:05:18' },
  ],
  files: [
    {
      id: '11',
      kind: 'pdf',
      name: 'Morning routine worksheet',
      url: '/uploads/worksheet_a1b2.pdf',
      mime: 'application/pdf',
      size: WORKSHEET.length,
      version: 'worksheet_a1b2-1',
      updatedAt: '2026-03-01T10:00:00.000Z',
    },
    {
      id: '12',
      kind: 'audio',
      name: 'Morning routines Q&A',
      url: '/uploads/qa_c3d4.mp3',
      mime: 'audio/mpeg',
      size: RECORDING.length,
      version: 'qa_c3d4-1',
      updatedAt: '2026-03-01T10:00:00.000Z',
    },
  ],
};

const FEBRUARY = {
  id: 'm2026february0000000000001',
  title: 'Calm transitions',
  month: '2026-02',
  description: 'Moving from one activity to the next without tears.',
  transcript: null,
  publishedAt: '2026-02-02T08:00:00.000Z',
  questions: [],
  files: [],
};

let cms: FakeCms;
let t: TestApp;

beforeAll(async () => {
  cms = await startFakeCms(SECRET);
  cms.resources = [FEBRUARY, MARCH];
  cms.files.set('/uploads/worksheet_a1b2.pdf', { body: WORKSHEET, mime: 'application/pdf' });
  cms.files.set('/uploads/qa_c3d4.mp3', { body: RECORDING, mime: 'audio/mpeg' });
  t = await createTestApp({ CMS_URL: cms.url, MEMBER_CONTENT_SECRET: SECRET });
});

afterAll(async () => {
  await t.close();
  await cms.close();
});

const deps = () => ({
  db: t.app.db,
  config: t.database.config,
  memberContent: createMemberContentSource(t.database.config, quiet),
});

/** This device's library, opened with the library link of the address's receipt. */
async function libraryCookieOf(email: string): Promise<string> {
  await t.app.mailWorker.runOnce();
  const receipt = t.mail.find((mail) => mail.to === email && /\/library\/open#/.test(mail.text));
  const token = /\/library\/open#(\S+)/.exec(receipt?.text ?? '')?.[1];
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/library/session',
    headers: ORIGIN,
    payload: { token },
  });
  expect(opened.statusCode).toBe(200);
  return cookieHeader(opened.headers['set-cookie']);
}

const memberFile = (cookie: string, path: string, range?: string) =>
  t.app.inject({
    url: `/api/library/member-files/${path}`,
    headers: { cookie, ...(range ? { range } : {}) },
  });

/** The subscription a paid membership session started. */
async function subscriptionOf(sessionId: string): Promise<string> {
  const record = await t.app.db
    .selectFrom('subscription_records')
    .select('subscription_id')
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return record.subscription_id as string;
}

describe('a member', () => {
  it('sees every published resource, newest month first, with its files, transcript and questions', async () => {
    await buyLocally(t.app, MEMBERSHIP, 'Shelf.Member@example.com');
    const shelf = await memberShelfOf(deps(), 'shelf.member@example.com');
    expect(shelf.access).toEqual({ state: 'active', until: null });
    expect(shelf.resources.map((resource) => resource.month)).toEqual(['2026-03', '2026-02']);
    expect(shelf.resources[0]).toEqual({
      id: MARCH.id,
      title: 'Morning routines that stick',
      month: '2026-03',
      description: MARCH.description,
      transcript: MARCH.transcript,
      questions: [
        { title: 'How many steps should a schedule have?', startMs: 0 },
        { title: 'What if my child refuses to get dressed?', startMs: 3_918_000 },
      ],
      files: [
        {
          fileId: '11',
          kind: 'pdf',
          label: 'Morning routine worksheet',
          contentType: 'application/pdf',
          size: WORKSHEET.length,
          streamUrl: `/api/library/member-files/${MARCH.id}/11`,
        },
        {
          fileId: '12',
          kind: 'audio',
          label: 'Morning routines Q&A',
          contentType: 'audio/mpeg',
          size: RECORDING.length,
          streamUrl: `/api/library/member-files/${MARCH.id}/12`,
        },
      ],
    });
  });

  it('reads the worksheet stamped with their address and membership, and hears the recording by ranges', async () => {
    const sessionId = await buyLocally(t.app, MEMBERSHIP, 'reader.member@example.com');
    const number = await orderNumberOf(t.app, sessionId);
    const cookie = await libraryCookieOf('reader.member@example.com');
    // The library lists them with the books, at the addresses below.
    const library = (await t.app.inject({ url: '/api/library', headers: { cookie } })).json();
    expect(library.membership.access.state).toBe('active');
    expect(
      library.membership.resources[0].files.map((file: { streamUrl: string }) => file.streamUrl),
    ).toEqual([
      `/api/library/member-files/${MARCH.id}/11`,
      `/api/library/member-files/${MARCH.id}/12`,
    ]);
    const worksheet = await memberFile(cookie, `${MARCH.id}/11`);
    expect(worksheet.statusCode).toBe(200);
    expect(worksheet.headers['content-type']).toBe('application/pdf');
    expect(worksheet.headers['content-disposition']).toBe(
      'inline; filename="Morning routine worksheet.pdf"',
    );
    expect(worksheet.headers['cache-control']).toBe('private, no-store');
    const pages = await pageTexts(worksheet.rawPayload);
    expect(pages).toHaveLength(4);
    for (const page of pages) {
      expect(page).toContain(`Licensed to reader.member@example.com · Membership ${number}`);
    }

    const part = await memberFile(cookie, `${MARCH.id}/12`, 'bytes=100-199');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.headers['content-disposition']).toMatch(/^inline;/);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${RECORDING.length}`);
    expect(part.rawPayload.equals(RECORDING.subarray(100, 200))).toBe(true);
    const outside = await memberFile(cookie, `${MARCH.id}/12`, `bytes=${RECORDING.length}-`);
    expect(outside.statusCode).toBe(416);
  });

  it('has the files fetched from the CMS once, with the secret, and then kept', async () => {
    await buyLocally(t.app, MEMBERSHIP, 'kept.member@example.com');
    const cookie = await libraryCookieOf('kept.member@example.com');
    for (let i = 0; i < 3; i += 1) {
      expect((await memberFile(cookie, `${MARCH.id}/12`, 'bytes=0-9')).statusCode).toBe(206);
      expect((await memberFile(cookie, `${MARCH.id}/11`)).statusCode).toBe(200);
    }
    const fileRequests = cms.requests.filter((request) => request.path.startsWith('/uploads/'));
    expect(fileRequests).toEqual([
      { path: '/uploads/worksheet_a1b2.pdf', withSecret: true },
      { path: '/uploads/qa_c3d4.mp3', withSecret: true },
    ]);
  });

  it('gets 404 for a resource or file that is not published', async () => {
    await buyLocally(t.app, MEMBERSHIP, 'lost.member@example.com');
    const cookie = await libraryCookieOf('lost.member@example.com');
    for (const path of [`m2026unknown0000000000001/11`, `${MARCH.id}/99`, `${FEBRUARY.id}/11`]) {
      const missing = await memberFile(cookie, path);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('This member resource is not available.');
    }
    expect((await memberFile(cookie, `${MARCH.id}/..%2F11`)).statusCode).toBe(400);
  });

  it('who cancelled keeps everything until the paid period ends, then not', async () => {
    const sessionId = await buyLocally(t.app, MEMBERSHIP, 'leaving.member@example.com');
    const subscriptionId = await subscriptionOf(sessionId);
    const cookie = await libraryCookieOf('leaving.member@example.com');
    const periodEnd = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString();
    await applyMembershipState(
      t.app.db,
      { subscriptionId, status: 'active', currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true },
      Math.floor(Date.now() / 1000) + 1,
    );
    expect(await memberAccessOf(deps(), 'leaving.member@example.com')).toEqual({
      state: 'active',
      until: periodEnd,
    });
    expect((await memberFile(cookie, `${MARCH.id}/11`)).statusCode).toBe(200);
    const after = Date.parse(periodEnd) + 1000;
    expect(await memberAccessOf(deps(), 'leaving.member@example.com', after)).toEqual({
      state: 'ended',
      until: null,
    });
    const later = (await memberShelfOf(deps(), 'leaving.member@example.com', after)).resources;
    expect(later.map((resource) => resource.files)).toEqual([[], []]);

    // The provider ends it early (a refund in the dashboard): from then on, nothing.
    await applyMembershipState(
      t.app.db,
      { subscriptionId, status: 'canceled', currentPeriodEnd: new Date().toISOString() },
      Math.floor(Date.now() / 1000) + 2,
    );
    const refused = await memberFile(cookie, `${MARCH.id}/11`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This is for members: become a member to read and listen.');
  });
});

describe('anyone else', () => {
  it('sees what each resource is, without its files, transcript or questions', async () => {
    await buyLocally(t.app, EBOOK, 'ebook.only@example.com');
    const shelf = await memberShelfOf(deps(), 'ebook.only@example.com');
    expect(shelf.access).toEqual({ state: 'none', until: null });
    expect(shelf.resources).toEqual([
      {
        id: MARCH.id,
        title: MARCH.title,
        month: '2026-03',
        description: MARCH.description,
        transcript: null,
        questions: [],
        files: [],
      },
      {
        id: FEBRUARY.id,
        title: FEBRUARY.title,
        month: '2026-02',
        description: FEBRUARY.description,
        transcript: null,
        questions: [],
        files: [],
      },
    ]);
  });

  it('gets 403 for a member file, signed in or with a library link, and 401 with neither', async () => {
    await buyLocally(t.app, EBOOK, 'curious.buyer@example.com');
    const viaLink = await libraryCookieOf('curious.buyer@example.com');
    const viaAccount = await signInByCode(t, 'curious.buyer@example.com');
    for (const cookie of [viaLink, viaAccount]) {
      const library = (await t.app.inject({ url: '/api/library', headers: { cookie } })).json();
      expect(library.membership.access.state).toBe('none');
      expect(library.membership.resources.flatMap((r: { files: unknown[] }) => r.files)).toEqual(
        [],
      );
      for (const path of [`${MARCH.id}/11`, `${MARCH.id}/12`, 'm2026unknown0000000000001/1']) {
        const refused = await memberFile(cookie, path);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(
          'This is for members: become a member to read and listen.',
        );
      }
    }
    const signedOut = await t.app.inject({ url: `/api/library/member-files/${MARCH.id}/11` });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toMatch(/link in your e-mail/);
  });

  it('reads nothing from a CMS that refuses the secret', async () => {
    const wrong = createMemberContentSource(
      { CMS_URL: cms.url, MEMBER_CONTENT_SECRET: `${SECRET}-but-not-this` },
      quiet,
    );
    await expect(wrong.list()).rejects.toBeInstanceOf(UnavailableError);
    const none = createMemberContentSource(
      { CMS_URL: cms.url, MEMBER_CONTENT_SECRET: undefined },
      quiet,
    );
    expect(await none.list()).toEqual([]);
    const shelf = await memberShelfOf(
      { db: t.app.db, memberContent: wrong },
      'shelf.member@example.com',
    );
    expect(shelf).toEqual({ access: { state: 'active', until: null }, resources: [] });
  });
});

describe('the e-mail of a published resource', () => {
  let shop: TestApp;
  let signalCms: FakeCms;

  beforeAll(async () => {
    signalCms = await startFakeCms(SECRET);
    signalCms.resources = [MARCH];
    shop = await createTestApp({ CMS_URL: signalCms.url, MEMBER_CONTENT_SECRET: SECRET });
  });

  afterAll(async () => {
    await shop.close();
    await signalCms.close();
  });

  /** The CMS's webhook, as Strapi sends it. */
  const signal = (event: string, model: string, secret: string | null = SECRET) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/member-content/published',
      headers: secret ? { 'x-member-content-secret': secret } : {},
      payload: { event, model, uid: `api::${model}.${model}`, entry: { id: 1, title: 'x' } },
    });

  /** The member resources' e-mails each address got, after the outbox is sent. */
  async function resourceMails() {
    await shop.app.mailWorker.runOnce();
    return shop.mail.filter((mail) => mail.subject.startsWith('New for members: '));
  }

  it('answers only the secret', async () => {
    expect((await signal('entry.publish', 'member-resource', null)).statusCode).toBe(401);
    const wrong = await signal('entry.publish', 'member-resource', `${SECRET}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('A valid x-member-content-secret header is required');
  });

  it('goes to each active member once, and to nobody else, however often it is signalled', async () => {
    await buyLocally(shop.app, MEMBERSHIP, 'first.member@example.com');
    await buyLocally(shop.app, MEMBERSHIP, 'second.member@example.com');
    await buyLocally(shop.app, EBOOK, 'only.ebooks@example.com');
    const first = await signal('entry.publish', 'member-resource');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ announced: 2 });
    expect((await signal('entry.publish', 'member-resource')).json()).toEqual({ announced: 0 });
    expect((await signal('entry.publish', 'blog-post')).json()).toEqual({ announced: 0 });

    const mails = await resourceMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      'first.member@example.com',
      'second.member@example.com',
    ]);
    const [mail] = mails;
    expect(mail?.subject).toBe('New for members: Morning routines that stick');
    expect(mail?.text).toContain(
      "Your membership's resource for March 2026 is in your library: Morning routines that stick.",
    );
    expect(mail?.text).toContain(MARCH.description);
    expect(mail?.text).toContain('- Worksheet: Morning routine worksheet (PDF, made out to you)');
    expect(mail?.text).toContain('- The recorded Q&A (2 questions), with its transcript');
    expect(mail?.text).toContain('Open your library: http://127.0.0.1:3000/library\n');
    // No library link of its own: forwarded, it opens nothing.
    expect(mail?.text).not.toMatch(/library\/open/);
    expect(mail?.html).not.toMatch(/library\/open/);
  });

  it('is not sent to someone who joins later, who gets the next one', async () => {
    await buyLocally(shop.app, MEMBERSHIP, 'late.member@example.com');
    expect((await signal('entry.publish', 'member-resource')).json()).toEqual({ announced: 0 });
    // A new resource: the CMS's list is read again after its signal.
    signalCms.resources = [
      { ...FEBRUARY, id: 'm2026april00000000000001', month: '2026-04' },
      MARCH,
    ];
    expect((await signal('entry.publish', 'member-resource')).json()).toEqual({ announced: 3 });
    const mails = await resourceMails();
    expect(mails.filter((mail) => mail.to === 'late.member@example.com')).toHaveLength(1);
    expect(
      mails.filter((mail) => mail.subject === 'New for members: Calm transitions'),
    ).toHaveLength(3);
  });

  it("is forgotten with an address's erasure", async () => {
    const mailsTo = (email: string) =>
      shop.app.db
        .selectFrom('member_resource_mails')
        .select('resource_id')
        .where('email', '=', email)
        .execute();
    expect(await mailsTo('second.member@example.com')).toHaveLength(2);
    await eraseMemberContentOfEmail(shop.app.db, 'second.member@example.com');
    expect(await mailsTo('second.member@example.com')).toEqual([]);
    expect(await mailsTo('first.member@example.com')).toHaveLength(2);
  });
});
