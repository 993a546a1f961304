/**
 * Newsletter issues in the CMS (docs/product.md#keeping-in-touch): the button's rule, the
 * commerce service's one read of the published issues, the signal of a publication, and the
 * admin routes behind the Newsletter panel, which ask a stand-in commerce service.
 */
import { errors } from '@strapi/utils';
import { DEVELOPMENT_ADMIN } from '../../env';
import {
  createCmsDatabase,
  developmentAdminToken,
  startCms,
  type CmsDatabase,
  type RunningCms,
} from '../../test-support/running-cms';
import { startStandInServer, type StandInServer } from '../../test-support/stand-in-server';
import {
  assertButtonLink,
  BUTTON_LABEL_MISSING,
  BUTTON_URL_INVALID,
  BUTTON_URL_MISSING,
  type ButtonLink,
} from './button-link';
import { SHOP_UNREACHABLE } from './commerce-newsletter';
import { issueForCommerce } from './for-commerce';

jest.setTimeout(180_000);

function refusal(link: ButtonLink): unknown {
  try {
    assertButtonLink(link);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("an issue's button", () => {
  it.each([
    [{}],
    [{ buttonLabel: null, buttonUrl: null }],
    [{ buttonLabel: '', buttonUrl: '  ' }],
    [{ buttonLabel: 'Read the guide', buttonUrl: 'https://shop.example/blog/routines' }],
    [{ buttonLabel: 'Read the guide', buttonUrl: 'http://shop.example/blog?x=1#top' }],
  ])('is allowed as both a label and a web address, or neither: %j', (link) => {
    expect(refusal(link)).toBeUndefined();
  });

  it.each([
    'shop.example/blog',
    'www.example.com',
    'ftp://shop.example/file',
    'javascript:alert(1)',
    'mailto:help@shop.example',
    'https://',
    'https://shop example/blog',
  ])('refuses %s as its address, saying so under the address', (buttonUrl) => {
    const error = refusal({ buttonLabel: 'Read the guide', buttonUrl });
    expect(error).toBeInstanceOf(errors.ValidationError);
    expect(error).toMatchObject({
      message: BUTTON_URL_INVALID,
      details: { errors: [expect.objectContaining({ path: ['buttonUrl'] })] },
    });
  });

  it('refuses a label without an address, and an address without a label', () => {
    expect(refusal({ buttonLabel: 'Read the guide', buttonUrl: '' })).toMatchObject({
      message: BUTTON_URL_MISSING,
      details: { errors: [expect.objectContaining({ path: ['buttonUrl'] })] },
    });
    expect(refusal({ buttonLabel: ' ', buttonUrl: 'https://shop.example/' })).toMatchObject({
      message: BUTTON_LABEL_MISSING,
      details: { errors: [expect.objectContaining({ path: ['buttonLabel'] })] },
    });
  });
});

describe('what the commerce service reads of an issue', () => {
  it('has every optional field as null when it is empty, and the words trimmed', () => {
    expect(
      issueForCommerce({
        documentId: 'abc123',
        subject: ' Five small wins ',
        previewLine: '',
        body: 'Hello,\n\nA paragraph.',
        buttonLabel: null,
        buttonUrl: ' ',
        publishedAt: '2026-11-02T08:00:00.000Z',
      }),
    ).toEqual({
      documentId: 'abc123',
      subject: 'Five small wins',
      previewLine: null,
      body: 'Hello,\n\nA paragraph.',
      buttonLabel: null,
      buttonUrl: null,
      publishedAt: '2026-11-02T08:00:00.000Z',
    });
  });
});

describe('newsletter issues in a running CMS', () => {
  const ISSUES = '/content-manager/collection-types/api::newsletter-issue.newsletter-issue';
  let database: CmsDatabase;
  let cms: RunningCms;
  let commerce: StandInServer;
  let token: string;

  const secret = () => database.env.MEMBER_CONTENT_SECRET as string;

  async function call(path: string, init: RequestInit = {}) {
    const response = await fetch(`${cms.url}${path}`, init);
    return {
      status: response.status,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Strapi's answers, read field by field
      body: (await response.json().catch(() => null)) as any,
    };
  }

  /** As the admin UI calls the CMS, signed in as the development editor. */
  const asEditor = (path: string, method = 'GET', body?: unknown) =>
    call(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  async function createIssue(fields: Record<string, unknown>): Promise<string> {
    const created = await asEditor(ISSUES, 'POST', {
      body: 'Hello,\n\nA short paragraph for the test issue.',
      ...fields,
    });
    expect(created.status).toBe(201);
    return created.body.data.documentId as string;
  }

  const publish = async (documentId: string) =>
    expect((await asEditor(`${ISSUES}/${documentId}/actions/publish`, 'POST', {})).status).toBe(
      200,
    );

  const forCommerce = (headers: Record<string, string> = {}) =>
    call('/api/newsletter-issues/for-commerce', { headers });

  beforeAll(async () => {
    commerce = await startStandInServer();
    database = await createCmsDatabase();
    cms = await startCms(database, { COMMERCE_URL: commerce.url, STOREFRONT_URL: commerce.url });
    token = await developmentAdminToken(cms);
  });

  afterAll(async () => {
    await cms?.stop();
    await database?.drop();
    await commerce?.close();
  });

  it('have no public API, and their one read answers only the secret', async () => {
    expect((await call('/api/newsletter-issues')).status).toBe(404);
    expect((await call('/api/newsletter-issues?status=draft')).status).toBe(404);
    expect((await forCommerce()).status).toBe(401);
    expect((await forCommerce({ 'x-member-content-secret': `${secret()}x` })).status).toBe(401);
  });

  it('start with the sample issue as a draft, which the commerce service does not see', async () => {
    const { body } = await asEditor(`${ISSUES}?pageSize=100`);
    expect(body.results).toEqual([
      expect.objectContaining({
        subject: 'Five small wins to celebrate this week',
        publishedAt: null,
      }),
    ]);
    const read = await forCommerce({ 'x-member-content-secret': secret() });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ issues: [] });
  });

  it('give the commerce service the published issues only, newest first, with their fields', async () => {
    const first = await createIssue({
      subject: 'Calmer mornings',
      previewLine: 'Three steps that help',
      buttonLabel: 'Read the guide',
      buttonUrl: 'https://shop.example/blog/mornings',
    });
    await publish(first);
    const second = await createIssue({ subject: 'Bedtime without tears', previewLine: '' });
    await publish(second);
    await createIssue({ subject: 'Still a draft' });

    const read = await forCommerce({ 'x-member-content-secret': secret() });
    expect(read.status).toBe(200);
    expect(read.body.issues).toEqual([
      {
        documentId: second,
        subject: 'Bedtime without tears',
        previewLine: null,
        body: 'Hello,\n\nA short paragraph for the test issue.',
        buttonLabel: null,
        buttonUrl: null,
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      {
        documentId: first,
        subject: 'Calmer mornings',
        previewLine: 'Three steps that help',
        body: 'Hello,\n\nA short paragraph for the test issue.',
        buttonLabel: 'Read the guide',
        buttonUrl: 'https://shop.example/blog/mornings',
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('refuse to save a button address that is not a web address, saying why under it', async () => {
    const refused = await asEditor(ISSUES, 'POST', {
      subject: 'A broken button',
      body: 'Hello,\n\nA short paragraph for the test issue.',
      buttonLabel: 'Open',
      buttonUrl: 'shop.example/blog',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(BUTTON_URL_INVALID);
    expect(refused.body.error.details.errors[0].path).toEqual(['buttonUrl']);

    const documentId = await createIssue({ subject: 'A button added later' });
    const halfButton = await asEditor(`${ISSUES}/${documentId}`, 'PUT', { buttonLabel: 'Open' });
    expect(halfButton.status).toBe(400);
    expect(halfButton.body.error.message).toBe(BUTTON_URL_MISSING);
  });

  it('tell the commerce service of a publication, with the secret', async () => {
    const { body } = await asEditor('/admin/webhooks');
    expect(body.data).toContainEqual(
      expect.objectContaining({
        name: 'Newsletter issues to the commerce service',
        url: `${commerce.url}/api/newsletter/issues/published`,
        headers: { 'x-member-content-secret': secret() },
        events: ['entry.publish'],
        isEnabled: true,
      }),
    );
    await publish(await createIssue({ subject: 'A signal to send' }));
    const signals = await commerce.received('/api/newsletter/issues/published');
    expect(signals).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        headers: expect.objectContaining({ 'x-member-content-secret': secret() }),
        body: expect.objectContaining({ event: 'entry.publish', model: 'newsletter-issue' }),
      }),
    );
  });

  describe("the Newsletter panel's routes", () => {
    it('refuse a caller who is not signed in to the admin', async () => {
      expect((await call('/newsletter-panel/counts')).status).toBe(401);
      const preview = await call('/newsletter-panel/preview', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ documentId: 'abc' }),
      });
      expect(preview.status).toBe(401);
      const forged = await call('/newsletter-panel/counts', {
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(forged.status).toBe(401);
      expect(
        commerce.requests.filter((request) => request.url.startsWith('/api/newsletter/counts')),
      ).toEqual([]);
    });

    it("pass on the commerce service's counts of the list and of an issue's sending", async () => {
      const counts = {
        subscribers: { confirmed: 120, pending: 4, unsubscribed: 9 },
        issue: { recipients: 120, sent: 80, startedAt: '2026-11-02T08:00:01.000Z' },
      };
      commerce.answer('/api/newsletter/counts', { status: 200, body: counts });
      const documentId = await createIssue({ subject: 'Counted issue' });
      const read = await asEditor(`/newsletter-panel/counts?issue=${documentId}`);
      expect(read).toEqual({ status: 200, body: counts });
      const [asked] = (await commerce.received('/api/newsletter/counts')).slice(-1);
      expect(asked?.url).toBe(`/api/newsletter/counts?issue=${documentId}`);
      expect(asked?.headers['x-member-content-secret']).toBe(secret());
    });

    it("e-mail the saved draft to the signed-in marketer, and pass on the shop's answer", async () => {
      commerce.answer('/api/newsletter/issues/preview', {
        status: 202,
        body: { message: `Preview sent to ${DEVELOPMENT_ADMIN.email}` },
      });
      const documentId = await createIssue({
        subject: 'Preview me',
        previewLine: 'Before it goes out',
        buttonLabel: 'Open the shop',
        buttonUrl: 'https://shop.example/shop',
      });
      const sent = await asEditor('/newsletter-panel/preview', 'POST', { documentId });
      expect(sent).toEqual({
        status: 202,
        body: { message: `Preview sent to ${DEVELOPMENT_ADMIN.email}` },
      });
      const [asked] = (await commerce.received('/api/newsletter/issues/preview')).slice(-1);
      expect(asked?.headers['x-member-content-secret']).toBe(secret());
      expect(asked?.body).toEqual({
        to: DEVELOPMENT_ADMIN.email,
        issue: {
          documentId,
          subject: 'Preview me',
          previewLine: 'Before it goes out',
          body: 'Hello,\n\nA short paragraph for the test issue.',
          buttonLabel: 'Open the shop',
          buttonUrl: 'https://shop.example/shop',
        },
      });
    });

    it("say the shop's refusal, and in words when the shop cannot be reached", async () => {
      const documentId = await createIssue({ subject: 'Refused preview' });
      commerce.answer('/api/newsletter/issues/preview', {
        status: 400,
        body: { message: 'body is required' },
      });
      const refused = await asEditor('/newsletter-panel/preview', 'POST', { documentId });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe('body is required');

      for (const answer of ['drop', { status: 503, body: {} }] as const) {
        commerce.answer('/api/newsletter/issues/preview', answer);
        commerce.answer('/api/newsletter/counts', answer);
        const preview = await asEditor('/newsletter-panel/preview', 'POST', { documentId });
        expect(preview.status).toBe(502);
        expect(preview.body.error.message).toBe(SHOP_UNREACHABLE);
        const counts = await asEditor(`/newsletter-panel/counts?issue=${documentId}`);
        expect(counts.status).toBe(502);
        expect(counts.body.error.message).toBe(SHOP_UNREACHABLE);
      }
    });

    it('ask for an issue to be saved before its preview', async () => {
      const unsaved = await asEditor('/newsletter-panel/preview', 'POST', {
        documentId: 'notsavedyet0000000000000',
      });
      expect(unsaved.status).toBe(404);
      expect(unsaved.body.error.message).toBe(
        'Save the issue first: the preview sends the saved draft.',
      );
    });
  });
});
