/** @jest-environment node */
import { MAX_CHAT_MESSAGE_LENGTH, MAX_HISTORY_TURNS, MAX_HISTORY_TURN_LENGTH } from '../protocol';
import { MAX_CHAT_BODY_BYTES, readChatRequest, visitorKey, wantsStream } from './chat-request';

const post = (body: string | null, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/api/chat', { method: 'POST', body, headers });

describe('readChatRequest', () => {
  it('reads the message, trimmed', async () => {
    await expect(readChatRequest(post('{"message": "  Hello  "}'))).resolves.toEqual({
      ok: true,
      message: 'Hello',
      history: [],
    });
  });

  it('reads the conversation that goes with the message, each turn trimmed', async () => {
    const body = JSON.stringify({
      message: 'And for teenagers?',
      history: [
        { role: 'user', content: ' What ages are the eBooks for? ' },
        { role: 'assistant', content: 'Children from 2 to 18.' },
      ],
    });
    await expect(readChatRequest(post(body))).resolves.toEqual({
      ok: true,
      message: 'And for teenagers?',
      history: [
        { role: 'user', content: 'What ages are the eBooks for?' },
        { role: 'assistant', content: 'Children from 2 to 18.' },
      ],
    });
  });

  it(`accepts a message of exactly ${MAX_CHAT_MESSAGE_LENGTH} characters`, async () => {
    const message = 'a'.repeat(MAX_CHAT_MESSAGE_LENGTH);
    await expect(readChatRequest(post(JSON.stringify({ message })))).resolves.toEqual({
      ok: true,
      message,
      history: [],
    });
  });

  it.each([
    ['an empty message', '{"message": ""}', 'message must not be empty'],
    ['a message of spaces and newlines', '{"message": " \\n\\t "}', 'message must not be empty'],
    ['no message', '{}', 'message must be a string'],
    ['a number', '{"message": 42}', 'message must be a string'],
    ['a JSON string', '"Hello"', 'The body must be a JSON object such as {"message": "Hello"}'],
    ['JSON null', 'null', 'The body must be a JSON object such as {"message": "Hello"}'],
    ['broken JSON', '{"message": "Hel', 'The body must be JSON such as {"message": "Hello"}'],
    ['no body', null, 'The body must be JSON such as {"message": "Hello"}'],
    [
      'a message one character too long',
      JSON.stringify({ message: 'a'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1) }),
      `message must be at most ${MAX_CHAT_MESSAGE_LENGTH} characters`,
    ],
  ])('refuses %s with 400 and says what was wrong', async (_case, body, message) => {
    await expect(readChatRequest(post(body))).resolves.toEqual({ ok: false, status: 400, message });
  });

  it('accepts the longest message even when every character is escaped', async () => {
    const body = `{"message": "${'\\u00e9'.repeat(MAX_CHAT_MESSAGE_LENGTH)}"}`;
    await expect(readChatRequest(post(body))).resolves.toEqual({
      ok: true,
      message: 'é'.repeat(MAX_CHAT_MESSAGE_LENGTH),
      history: [],
    });
  });

  it('accepts the longest conversation even when every character is escaped', async () => {
    const escaped = (length: number) => '\\u00e9'.repeat(length);
    const turns = Array.from(
      { length: MAX_HISTORY_TURNS },
      () => `{"role": "assistant", "content": "${escaped(MAX_HISTORY_TURN_LENGTH)}"}`,
    );
    const body = `{"message": "${escaped(MAX_CHAT_MESSAGE_LENGTH)}", "history": [${turns.join(', ')}]}`;
    await expect(readChatRequest(post(body))).resolves.toMatchObject({
      ok: true,
      history: expect.arrayContaining([
        { role: 'assistant', content: 'é'.repeat(MAX_HISTORY_TURN_LENGTH) },
      ]),
    });
  });

  it('refuses a body above the size limit with 413, without reading it all', async () => {
    const body = JSON.stringify({ message: 'a'.repeat(MAX_CHAT_BODY_BYTES) });
    await expect(readChatRequest(post(body))).resolves.toMatchObject({ ok: false, status: 413 });
  });

  it('refuses a body that declares a length above the limit with 413', async () => {
    const request = post('{"message": "Hi"}', {
      'content-length': String(MAX_CHAT_BODY_BYTES + 1),
    });
    await expect(readChatRequest(request)).resolves.toMatchObject({ ok: false, status: 413 });
  });
});

describe('wantsStream', () => {
  it.each([
    ['text/event-stream, application/json;q=0.9', true],
    ['text/event-stream', true],
    ['application/json', false],
    ['*/*', false],
    [null, false],
  ])('reads Accept: %s as %s', (accept, streamed) => {
    expect(wantsStream(new Headers(accept === null ? {} : { accept }))).toBe(streamed);
  });
});

describe('visitorKey', () => {
  it.each([
    [{ 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    [{ 'x-forwarded-for': ' 203.0.113.7 , 10.0.0.1, 10.0.0.2' }, '203.0.113.7'],
    [{ 'x-forwarded-for': '', 'x-real-ip': '198.51.100.4' }, 'unknown-visitor'],
    [{ 'x-real-ip': '198.51.100.4' }, 'unknown-visitor'],
    [{}, 'unknown-visitor'],
  ])('keys %j as %s', (headers, key) => {
    expect(visitorKey(new Headers(headers))).toBe(key);
  });
});
