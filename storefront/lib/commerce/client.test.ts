/** @jest-environment node */
import { z } from 'zod';
import { answerFetch as reply } from '@/test-support/answer-fetch';
import { callCommerce, CommerceError } from './client';

const answer = z.object({ id: z.string() });

const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: CommerceError) => ({
      kind: error.kind,
      status: error.status,
      serverMessage: error.serverMessage,
    }),
  );

afterEach(() => jest.restoreAllMocks());

describe('callCommerce', () => {
  it('gives the answer checked against its schema, without fields the schema does not name', async () => {
    reply(200, { id: 'p1', internal: true });
    await expect(callCommerce({ path: '/api/x', answer })).resolves.toEqual({ id: 'p1' });
  });

  it('sends JSON to the same origin in the browser, and to the service on the server', async () => {
    reply(200, { id: 'p1' });
    await callCommerce({ path: '/api/x', method: 'PUT', body: { a: 1 }, answer });
    await callCommerce({ path: '/api/x', answer }, { origin: 'http://127.0.0.1:4000' });
    const [[browserUrl, browserInit], [serverUrl, serverInit]] = jest.mocked(fetch).mock.calls as [
      [string, RequestInit],
      [URL, RequestInit],
    ];
    expect(browserUrl).toBe('/api/x');
    expect(browserInit).toMatchObject({
      method: 'PUT',
      credentials: 'same-origin',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(String(serverUrl)).toBe('http://127.0.0.1:4000/api/x');
    expect(serverInit).toMatchObject({ method: 'GET', body: undefined });
  });

  it('sends a visitor’s session cookie on only when the server is told to', async () => {
    reply(200, { id: 'p1' });
    await callCommerce({ path: '/api/x', answer }, { origin: 'http://127.0.0.1:4000' });
    await callCommerce(
      { path: '/api/x', answer },
      { origin: 'http://127.0.0.1:4000', cookie: 'session=abc' },
    );
    const [[, plain], [, forwarded]] = jest.mocked(fetch).mock.calls as [
      [unknown, RequestInit],
      [unknown, RequestInit],
    ];
    expect(plain.headers).not.toHaveProperty('cookie');
    expect(forwarded.headers).toMatchObject({ cookie: 'session=abc' });
  });

  it.each([
    [
      'a 400 with a message',
      400,
      { message: 'Unknown product: a' },
      'message',
      'refused',
      'Unknown product: a',
    ],
    [
      'a 403 of the error-shaped routes',
      403,
      { error: 'Non autorizzato' },
      'error',
      'refused',
      'Non autorizzato',
    ],
    [
      "a 403 whose text is not in the route's field",
      403,
      { message: 'x' },
      'error',
      'refused',
      null,
    ],
    ['a 429 with a blank message', 429, { message: '  ' }, 'message', 'refused', null],
    [
      'a 503 with the reason',
      503,
      { message: 'Try again soon' },
      'message',
      'failed',
      'Try again soon',
    ],
    ['a 502 that is not JSON', 502, '<html>Bad gateway</html>', 'message', 'failed', null],
    ['a 200 of another shape', 200, { id: 1 }, 'message', 'failed', null],
    ['a 200 that is not JSON', 200, 'not json', 'message', 'failed', null],
  ] as const)('fails on %s', async (_case, status, body, failureField, kind, serverMessage) => {
    reply(status, body);
    await expect(
      failureOf(callCommerce({ path: '/api/x', answer, failureField })),
    ).resolves.toEqual({
      kind,
      status,
      serverMessage,
    });
  });

  it('fails with no answer and no status when nothing comes back', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(failureOf(callCommerce({ path: '/api/x', answer }))).resolves.toEqual({
      kind: 'no-answer',
      status: null,
      serverMessage: null,
    });
  });

  it("keeps a refusal's body for the routes that say more than a message", async () => {
    const body = { success: false, message: 'Please correct the form', errors: { name: 'x' } };
    reply(400, body);
    await expect(callCommerce({ path: '/api/x', answer })).rejects.toMatchObject({ body });
  });

  it('says what went wrong in its message when the server gave no words', async () => {
    reply(503, {});
    await expect(callCommerce({ path: '/api/x', answer })).rejects.toThrow(
      'The commerce service answered 503',
    );
  });
});
