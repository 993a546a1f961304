/**
 * Verified buyers' reviews in the CMS (docs/product.md#keeping-in-touch): they arrive from the
 * commerce service as drafts, once per submission; nobody writes one by hand; visitors see the
 * published ones only, without the shop's reference; approving or hiding one refreshes the shop.
 */
import { errors } from '@strapi/utils';
import {
  createCmsDatabase,
  developmentAdminToken,
  startCms,
  type CmsDatabase,
  type RunningCms,
} from '../../test-support/running-cms';
import { startStandInServer, type StandInServer } from '../../test-support/stand-in-server';
import { parseReviewFromCommerce } from './review-from-commerce';
import { REVIEWS_COME_FROM_THE_SHOP } from './reviews-from-the-shop';

jest.setTimeout(180_000);

const delivery = (fields: Record<string, unknown> = {}) => ({
  submissionId: 'c0ffee00-0000-4000-8000-000000000001',
  productId: 'ebook-aba-for-parents',
  productName: 'ABA for Parents',
  rating: 5,
  text: 'Clear, kind and practical: our mornings are calmer.',
  firstName: 'Anna',
  childAge: '4-5 years',
  submittedAt: '2026-11-20T10:15:00.000Z',
  ...fields,
});

describe("the commerce service's delivery of a review", () => {
  it('is read with empty optional fields as null', () => {
    expect(parseReviewFromCommerce(delivery({ firstName: ' ', childAge: null }))).toMatchObject({
      firstName: null,
      childAge: null,
      rating: 5,
    });
  });

  it.each([
    ['rating', 'rating must be between 1 and 5 stars', { rating: 6 }],
    ['rating', 'rating must be a whole number of stars', { rating: 4.5 }],
    ['text', 'text must be at least 20 characters', { text: 'Too short.' }],
    ['text', 'text cannot exceed 1500 characters', { text: 'x'.repeat(1501) }],
    ['firstName', 'firstName cannot exceed 40 characters', { firstName: 'x'.repeat(41) }],
    ['submittedAt', 'submittedAt must be an ISO date-time', { submittedAt: 'yesterday' }],
    ['submissionId', 'submissionId is required', { submissionId: undefined }],
    ['productId', 'productId is required', { productId: '' }],
  ])('refuses a wrong %s: "%s"', (field, message, fields) => {
    let thrown: unknown;
    try {
      parseReviewFromCommerce(delivery(fields));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(errors.ValidationError);
    expect(thrown).toMatchObject({
      message,
      details: { errors: [expect.objectContaining({ path: [field], message })] },
    });
  });
});

describe('reviews in a running CMS', () => {
  const REVIEWS = '/content-manager/collection-types/api::review.review';
  let database: CmsDatabase;
  let cms: RunningCms;
  let storefront: StandInServer;
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

  const deliver = (body: unknown, headers: Record<string, string> = {}) =>
    call('/api/reviews/from-commerce', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const deliverWithSecret = (body: unknown) =>
    deliver(body, { 'x-member-content-secret': secret() });

  /** As the admin UI calls the CMS, signed in as the development editor. */
  const asEditor = (path: string, method = 'GET', body?: unknown) =>
    call(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const publicReviews = async (query = '') => {
    const { status, body } = await call(`/api/reviews${query}`);
    expect(status).toBe(200);
    return body.data as Record<string, unknown>[];
  };

  beforeAll(async () => {
    storefront = await startStandInServer();
    database = await createCmsDatabase();
    cms = await startCms(database, {
      STOREFRONT_URL: storefront.url,
      COMMERCE_URL: storefront.url,
    });
    token = await developmentAdminToken(cms);
  });

  afterAll(async () => {
    await cms?.stop();
    await database?.drop();
    await storefront?.close();
  });

  it('start with the two published samples, which the shop lists as verified reviews', async () => {
    const reviews = await publicReviews('?sort=rating:desc');
    expect(
      reviews.map(({ productId, rating, firstName, childAge }) => ({
        productId,
        rating,
        firstName,
        childAge,
      })),
    ).toEqual([
      { productId: 'ebook-aba-for-parents', rating: 5, firstName: 'Sarah', childAge: '4-5 years' },
      { productId: 'ebook-aba-for-parents', rating: 4, firstName: 'Marco', childAge: '6-8 years' },
    ]);
  });

  it('are taken from the commerce service only with the secret', async () => {
    expect((await deliver(delivery())).status).toBe(401);
    expect((await deliver(delivery(), { 'x-member-content-secret': `${secret()}x` })).status).toBe(
      401,
    );
    const { body } = await asEditor(`${REVIEWS}?pageSize=100`);
    expect(body.pagination.total).toBe(2);
  });

  it('are saved as drafts once per submission, however often it is delivered', async () => {
    const created = await deliverWithSecret(delivery());
    expect(created.status).toBe(201);
    const { documentId } = created.body;
    expect(documentId).toEqual(expect.any(String));
    expect(
      await deliverWithSecret(delivery({ text: 'Delivered again, the same submission.' })),
    ).toEqual({
      status: 200,
      body: { documentId },
    });

    const { body } = await asEditor(`${REVIEWS}/${documentId}`);
    expect(body.data).toMatchObject({
      documentId,
      submissionId: 'c0ffee00-0000-4000-8000-000000000001',
      text: 'Clear, kind and practical: our mornings are calmer.',
      firstName: 'Anna',
      submittedAt: '2026-11-20T10:15:00.000Z',
      publishedAt: null,
    });
    expect((await asEditor(`${REVIEWS}?pageSize=100`)).body.pagination.total).toBe(3);
    expect((await publicReviews()).map((review) => review.documentId)).not.toContain(documentId);
  });

  it('refuse a delivery that is not a review, saying what is wrong', async () => {
    const refused = await deliverWithSecret(
      delivery({ submissionId: 'c0ffee00-0000-4000-8000-000000000002', rating: 0 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('rating must be between 1 and 5 stars');
  });

  it('cannot be written or copied by hand in the admin, which says why', async () => {
    const written = await asEditor(REVIEWS, 'POST', delivery({ submissionId: 'by-hand' }));
    expect(written.status).toBe(400);
    expect(written.body.error.message).toBe(REVIEWS_COME_FROM_THE_SHOP);

    const [existing] = (await asEditor(`${REVIEWS}?pageSize=1`)).body.results;
    const copied = await asEditor(`${REVIEWS}/clone/${existing.documentId}`, 'POST', {
      submissionId: 'copied-by-hand',
    });
    expect(copied.status).toBe(400);
    expect(copied.body.error.message).toBe(REVIEWS_COME_FROM_THE_SHOP);
    expect((await asEditor(`${REVIEWS}?pageSize=100`)).body.pagination.total).toBe(3);
  });

  it('are approved by publishing, corrected and hidden by the marketers, and the shop refreshed each time', async () => {
    const { documentId } = (
      await deliverWithSecret(delivery({ submissionId: 'c0ffee00-0000-4000-8000-000000000003' }))
    ).body;
    const document = `${REVIEWS}/${documentId}`;
    const corrected = await asEditor(document, 'PUT', {
      text: 'Clear, kind and practical: our mornings are much calmer.',
    });
    expect(corrected.status).toBe(200);
    expect((await asEditor(`${document}/actions/publish`, 'POST', {})).status).toBe(200);

    const shown = (await publicReviews()).find((review) => review.documentId === documentId);
    expect(shown).toMatchObject({
      text: 'Clear, kind and practical: our mornings are much calmer.',
      rating: 5,
      productName: 'ABA for Parents',
    });
    const revalidations = () =>
      storefront.requests
        .filter((request) => request.url === '/api/revalidate')
        .map((request) => request.body);
    await storefront.received('/api/revalidate');
    for (let tries = 0; tries < 50; tries += 1) {
      if (revalidations().some((body) => body?.event === 'entry.publish')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(revalidations()).toContainEqual(
      expect.objectContaining({ event: 'entry.publish', model: 'review' }),
    );

    expect((await asEditor(`${document}/actions/unpublish`, 'POST', {})).status).toBe(200);
    expect((await publicReviews()).map((review) => review.documentId)).not.toContain(documentId);
    for (let tries = 0; tries < 50; tries += 1) {
      if (revalidations().some((body) => body?.event === 'entry.unpublish')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(revalidations()).toContainEqual(
      expect.objectContaining({ event: 'entry.unpublish', model: 'review' }),
    );
  });

  it('are taken back, draft and published, when the commerce service erases their buyer', async () => {
    const submissionId = 'c0ffee00-0000-4000-8000-000000000009';
    const { documentId } = (await deliverWithSecret(delivery({ submissionId }))).body;
    const document = `${REVIEWS}/${documentId}`;
    expect((await asEditor(`${document}/actions/publish`, 'POST', {})).status).toBe(200);
    expect((await publicReviews()).map((review) => review.documentId)).toContain(documentId);
    const erase = (id: string, headers: Record<string, string>) =>
      call(`/api/reviews/from-commerce/${id}`, { method: 'DELETE', headers });

    expect((await erase(submissionId, {})).status).toBe(401);
    expect((await erase('not an id!', { 'x-member-content-secret': secret() })).status).toBe(400);
    expect((await erase(submissionId, { 'x-member-content-secret': secret() })).status).toBe(204);
    expect((await publicReviews()).map((review) => review.documentId)).not.toContain(documentId);
    expect((await asEditor(document)).status).toBe(404);
    // Asked again (an answer lost on the way), it is gone all the same.
    expect((await erase(submissionId, { 'x-member-content-secret': secret() })).status).toBe(204);
  });

  it('are listed to visitors published only, without the shop’s reference, and never one by one', async () => {
    for (const query of ['', '?status=draft', '?publicationState=preview', '?populate=*']) {
      const reviews = await publicReviews(query);
      expect(reviews).toHaveLength(2);
      for (const review of reviews) {
        expect(review).not.toHaveProperty('submissionId');
        expect(review.publishedAt).toEqual(expect.any(String));
      }
    }
    const filtered = await call('/api/reviews?filters[submissionId][$eq]=sample-review-sarah');
    expect(filtered.status).toBe(400);
    expect(filtered.body.error.message).toBe('Invalid key submissionId');
    const [first] = await publicReviews();
    expect((await call(`/api/reviews/${String(first?.documentId)}`)).status).toBe(404);
    expect(
      (
        await call('/api/reviews', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: delivery({ submissionId: 'anonymous' }) }),
        })
      ).status,
    ).toBe(405);
  });
});
