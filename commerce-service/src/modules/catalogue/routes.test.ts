import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { productListSchema } from '@aba-shop/contract';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({
    PRODUCT_PAYMENT_LINKS: 'ebook-aba-for-parents=https://buy.stripe.com/test_parents',
  });
  app = await buildApp(database.config);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('GET /api/products', () => {
  it('lists the three eBooks with prices in cents and currency usd, and the monthly membership', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const products = productListSchema.parse(response.json());
    expect(
      products.map(({ name, price, currency, type, kind }) => ({
        name,
        price,
        currency,
        type,
        kind,
      })),
    ).toEqual([
      {
        name: 'eBook ABA for Parents',
        price: 2799,
        currency: 'usd',
        type: 'digital',
        kind: 'foundational',
      },
      {
        name: 'eBook ABA Case Studies',
        price: 1999,
        currency: 'usd',
        type: 'digital',
        kind: 'case-studies',
      },
      {
        name: 'eBook ABA Complete Pack',
        price: 4299,
        currency: 'usd',
        type: 'digital',
        kind: 'complete',
      },
      {
        name: 'ABA Parent Support Membership',
        price: 999,
        currency: 'usd',
        type: 'subscription',
        kind: 'membership',
      },
    ]);
    expect(products.every((product) => product.images.length > 0)).toBe(true);
    expect(products.find((product) => product.type === 'subscription')?.interval).toBe('month');
  });

  it('carries a configured payment link, and null for the others', async () => {
    const products = productListSchema.parse((await app.inject({ url: '/api/products' })).json());
    expect(
      Object.fromEntries(products.map((product) => [product.id, product.paymentLinkUrl])),
    ).toEqual({
      'ebook-aba-for-parents': 'https://buy.stripe.com/test_parents',
      'ebook-aba-case-studies': null,
      'ebook-aba-complete-pack': null,
      'aba-parent-support-monthly': null,
    });
  });

  it('sends a short max-age and an ETag, and answers 304 when the ETag matches', async () => {
    const first = await app.inject({ url: '/api/products' });
    expect(first.headers['cache-control']).toMatch(/max-age=30/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('does not duplicate the catalogue when the service starts again on the same database', async () => {
    const second = await buildApp(database.config);
    const response = await second.inject({ method: 'GET', url: '/api/products' });
    await second.close();
    expect(productListSchema.parse(response.json())).toHaveLength(4);
  });
});

describe('service basics', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/nothing-here' });
  });

  it('answers malformed JSON with a 400 that says so', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: { 'content-type': 'application/json' },
      payload: '{"products": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('refuses a body over 64 KiB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/submit',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(70_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/body/i);
  });

  it('tags every answer with a request id', async () => {
    const response = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-123');
  });

  it('serves the OpenAPI description generated from the zod schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/create-checkout-session',
        '/api/forms/submit',
      ]),
    );
  });
});
