/** @jest-environment node */
import { CHAT_RATE_LIMIT } from '@/lib/chat/chat-request';
import { SEEDED_CANNED_REPLIES as CANNED_REPLIES } from '@/test-support/catalogue';
import { completionBody, startFakeChatModel } from '@/test-support/fake-chat-model';

// The catalogue the commerce service serves: the seeded one.
jest.mock('@/lib/commerce/products', () => ({
  readCatalogue: async () => jest.requireActual('@/test-support/catalogue').SEEDED_CATALOGUE,
}));

type ChatRoute = typeof import('./route');

let visitors = 0;
/** Each test speaks from its own address, so the rate limit of one does not reach another. */
const newVisitor = () => `203.0.113.${++visitors}`;

const chat = (route: ChatRoute, body: unknown, visitor = newVisitor()) =>
  route.POST(
    new Request('http://127.0.0.1:3000/api/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

/**
 * The route as a fresh server process would load it, with these chat settings (an empty
 * value counts as unset, as in the real configuration).
 */
async function loadRoute(env: Record<string, string>): Promise<ChatRoute> {
  const saved = process.env;
  process.env = { ...saved, ...env };
  try {
    let route: ChatRoute | undefined;
    await jest.isolateModulesAsync(async () => {
      route = await import('./route');
      // The configuration is read at the first request, so read it while the env is set.
      await chat(route, { message: 'warm-up' });
    });
    return route as ChatRoute;
  } finally {
    process.env = saved;
  }
}

const UNCONFIGURED = { CHAT_API_URL: '', CHAT_API_KEY: '', CHAT_MODEL: '' };

describe('POST /api/chat', () => {
  it('answers with the canned reply when no model is configured', async () => {
    const route = await loadRoute(UNCONFIGURED);
    const response = await chat(route, { message: 'How much does it cost?' });
    expect(response.status).toBe(200);
    await expect(response.json()).resolves.toEqual({
      reply: CANNED_REPLIES.price,
      source: 'canned',
    });
  });

  it("answers with the configured model's reply, sending its key", async () => {
    const model = await startFakeChatModel();
    try {
      const route = await loadRoute({
        CHAT_API_URL: model.url,
        CHAT_API_KEY: 'sk-route-test',
        CHAT_MODEL: 'route-model',
      });
      model.answerWith({ body: completionBody('ABA means applied behavior analysis.') });
      const response = await chat(route, { message: 'What is ABA?' });
      await expect(response.json()).resolves.toEqual({
        reply: 'ABA means applied behavior analysis.',
        source: 'model',
      });
      const last = model.received.at(-1);
      expect(last?.headers.authorization).toBe('Bearer sk-route-test');
      expect(last?.body).toMatchObject({
        model: 'route-model',
        messages: [{ role: 'system' }, { role: 'user', content: 'What is ABA?' }],
      });
    } finally {
      await model.close();
    }
  });

  it('answers with the canned reply when the configured model fails', async () => {
    const model = await startFakeChatModel();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const route = await loadRoute({ ...UNCONFIGURED, CHAT_API_URL: model.url });
      model.answerWith({ status: 500, body: { error: 'overloaded' } });
      const response = await chat(route, { message: 'Is there an audiobook?' });
      expect(response.status).toBe(200);
      await expect(response.json()).resolves.toEqual({
        reply: CANNED_REPLIES.audiobook,
        source: 'canned',
      });
      expect(error).toHaveBeenCalledWith('Chatbot error:', 'the model answered HTTP 500');
    } finally {
      error.mockRestore();
      await model.close();
    }
  });

  describe('with a bad request', () => {
    let route: ChatRoute;
    beforeAll(async () => {
      route = await loadRoute(UNCONFIGURED);
    });

    it.each([
      ['an empty message', { message: '' }, 'message must not be empty'],
      ['a whitespace message', { message: '   \n ' }, 'message must not be empty'],
      ['no message', { text: 'Hello' }, 'message must be a string'],
      [
        'a body that is not JSON',
        'message=Hello',
        'The body must be JSON such as {"message": "Hello"}',
      ],
    ])('answers 400 with what was wrong for %s', async (_case, body, message) => {
      const response = await chat(route, body);
      expect(response.status).toBe(400);
      await expect(response.json()).resolves.toEqual({ message });
    });

    it('answers 400 for a message over 1000 characters, 413 for an oversized body', async () => {
      expect((await chat(route, { message: 'a'.repeat(1001) })).status).toBe(400);
      const oversized = await chat(route, { message: 'a'.repeat(20_000) });
      expect(oversized.status).toBe(413);
      await expect(oversized.json()).resolves.toEqual({
        message: expect.stringMatching(/at most/),
      });
    });

    it(`answers 429 with Retry-After after ${CHAT_RATE_LIMIT.limit} messages a minute from one visitor`, async () => {
      const visitor = newVisitor();
      for (let i = 0; i < CHAT_RATE_LIMIT.limit; i++) {
        expect((await chat(route, { message: `Question ${i}` }, visitor)).status).toBe(200);
      }
      const refused = await chat(route, { message: 'One more' }, visitor);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      await expect(refused.json()).resolves.toEqual({
        message: expect.stringMatching(/^Too many messages/),
      });
      expect((await chat(route, { message: 'Hello' }, newVisitor())).status).toBe(200);
    });
  });
});
