import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.ts';
import { productListSchema } from './schemas.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(database.config);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('GET /api/products', () => {
  it('lists the three eBooks with prices in cents and currency usd', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const products = productListSchema.parse(response.json());
    expect(
      products.map(({ name, price, currency, type }) => ({ name, price, currency, type })),
    ).toEqual([
      { name: 'eBook ABA for Parents', price: 2799, currency: 'usd', type: 'digital' },
      { name: 'eBook ABA Case Studies', price: 1999, currency: 'usd', type: 'digital' },
      { name: 'eBook ABA Complete Pack', price: 4299, currency: 'usd', type: 'digital' },
    ]);
    expect(products.every((product) => product.images.length > 0)).toBe(true);
  });

  it('does not duplicate the catalogue when the service starts again on the same database', async () => {
    const second = await buildApp(database.config);
    const response = await second.inject({ method: 'GET', url: '/api/products' });
    await second.close();
    expect(productListSchema.parse(response.json())).toHaveLength(3);
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
});
