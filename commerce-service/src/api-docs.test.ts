/** The OpenAPI description and its Swagger UI at /api/docs: for development, not for a live shop. */
import { createTestApp, type TestApp } from './test-support/app.ts';

describe('the API description at /api/docs', () => {
  describe('on a production shop', () => {
    let shop: TestApp;
    beforeAll(async () => {
      shop = await createTestApp({ NODE_ENV: 'production' });
    });
    afterAll(() => shop.close());

    it.each(['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'])(
      'is not served: GET %s answers 404',
      async (url) => {
        expect((await shop.app.inject({ url })).statusCode).toBe(404);
      },
    );
  });

  it('is served outside production, as a page and as the OpenAPI document', async () => {
    const shop = await createTestApp();
    try {
      const page = await shop.app.inject({ url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const spec = await shop.app.inject({ url: '/api/docs/json' });
      expect(spec.statusCode).toBe(200);
      expect(spec.json()).toHaveProperty('openapi');
    } finally {
      await shop.close();
    }
  });
});
