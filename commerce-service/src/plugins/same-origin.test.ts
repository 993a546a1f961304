import { isCrossSite } from './same-origin.ts';
import { createTestApp, signInByCode, type TestApp } from '../test-support/app.ts';

const SHOP = 'http://127.0.0.1:3000';
const allowed = new Set([SHOP]);

describe('isCrossSite', () => {
  it.each([
    ['no header at all (a server, a script)', {}, false],
    ['the shop as Origin', { origin: SHOP }, false],
    ['another Origin', { origin: 'https://evil.example' }, true],
    ['a null Origin', { origin: 'null' }, true],
    [
      'the shop as Origin, whatever else is claimed',
      { origin: SHOP, referer: 'https://x.y/' },
      false,
    ],
    ['a same-origin fetch without Origin', { 'sec-fetch-site': 'same-origin' }, false],
    ['a typed address or bookmark', { 'sec-fetch-site': 'none' }, false],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }, true],
    ['a sibling subdomain without Origin', { 'sec-fetch-site': 'same-site' }, true],
    ['only a Referer on the shop', { referer: `${SHOP}/shop` }, false],
    ['only a Referer elsewhere', { referer: 'https://evil.example/page' }, true],
    ['only a Referer that is not a URL', { referer: 'nonsense' }, true],
    [
      'Sec-Fetch-Site same-origin but a foreign Referer (Sec-Fetch-Site decides)',
      { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/' },
      false,
    ],
  ])('%s -> cross-site: %s', (_case, headers, expected) => {
    expect(isCrossSite(headers, allowed)).toBe(expected);
  });
});

describe('the cross-site guard on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const contact = {
    formId: 'contact_form',
    name: 'Guarded Parent',
    email: 'guarded@example.com',
    subject: 'General Question',
    message: 'A question about the guides, long enough.',
  };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site and no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['only a foreign Referer', { referer: 'https://evil.example/form.html' }],
  ])('refuses a POST carrying %s with 403 JSON and stores nothing', async (_case, headers) => {
    const before = await t.app.db.selectFrom('contact_submissions').select('id').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forms/submit',
      headers,
      payload: contact,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Requests from another site are not accepted.',
      error: 'Requests from another site are not accepted.',
    });
    const after = await t.app.db.selectFrom('contact_submissions').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('accepts the same POST from the shop itself', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forms/submit',
      headers: { origin: SHOP, 'sec-fetch-site': 'same-origin' },
      payload: contact,
    });
    expect(response.statusCode).toBe(200);
  });

  it('keeps a session that another site tries to end', async () => {
    const cookie = await signInByCode(t, 'stays.signed.in@example.com');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    const me = await t.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'stays.signed.in@example.com' });

    const own = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.json()).toEqual({ success: true });
  });

  it('leaves reads from anywhere alone', async () => {
    const response = await t.app.inject({
      url: '/api/products',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
