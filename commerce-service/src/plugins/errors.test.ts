import { createTestApp, type TestApp } from '../test-support/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the errors plugin', () => {
  // Found by the fuzz suite (src/api.fuzz.test.ts): CORS answered this in plain text.
  it('answers a malformed CORS preflight (no Access-Control-Request-Method) in JSON', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/create-checkout-session',
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Invalid Preflight Request' });
  });

  it('leaves a well-formed preflight as CORS answers it', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/create-checkout-session',
      headers: {
        origin: 'http://127.0.0.1:3000',
        'access-control-request-method': 'POST',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
    expect(response.body).toBe('');
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route for GET /api/no-such-route' });
  });
});
