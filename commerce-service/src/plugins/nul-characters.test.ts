import { createTestApp, type TestApp } from '../test-support/app.ts';
import { holdsNulCharacter } from './nul-characters.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Found by the fuzz suite (src/api-*.fuzz.test.ts, test-support/fuzz/api-suite.ts): on PostgreSQL these answered 500.
describe('text with a NUL character', () => {
  it('is refused in a body, in the route’s own error shape, and nothing is stored', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forms/submit',
      payload: {
        formId: 'contact_form',
        name: 'Al\u0000ice',
        email: 'nul@example.com',
        subject: 'Other',
        message: 'A question about the eBooks.',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: 'Invalid body: text must not contain NUL characters',
    });
    const stored = await t.app.db
      .selectFrom('contact_submissions')
      .select('id')
      .where('email', '=', 'nul@example.com')
      .execute();
    expect(stored).toHaveLength(0);
  });

  it.each([
    [
      'a query string',
      'GET',
      '/api/products/purchase-detail?sessionId=cs_local_a%00b',
      'querystring',
    ],
    ['a path', 'GET', '/api/downloads/a%00b', 'params'],
    [
      'a key of a form body',
      'POST',
      '/api/checkout/local/cs_local_aaaaaaaaaaaaaaaaaaaa/pay',
      'body',
    ],
  ])('is refused in %s', async (_where, method, url, part) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: method === 'POST' ? 'email%00=a%40example.com' : undefined,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `Invalid ${part}: text must not contain NUL characters`,
    });
  });
});

describe('holdsNulCharacter', () => {
  it('finds a NUL in nested values and keys, and ignores raw bytes', () => {
    expect(holdsNulCharacter({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe(true);
    expect(holdsNulCharacter({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNulCharacter({ a: ['ok', 1, null, true] })).toBe(false);
    expect(holdsNulCharacter(Buffer.from([0, 0]))).toBe(false);
  });

  it('searches a value nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(holdsNulCharacter(deep)).toBe(true);
  });
});
