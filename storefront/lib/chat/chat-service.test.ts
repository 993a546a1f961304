/** @jest-environment node */
import {
  SEEDED_CANNED_REPLIES as CANNED_REPLIES,
  SEEDED_CHAT_CATALOGUE,
} from '@/test-support/catalogue';
import {
  answerChatMessage as answerWith,
  chatPersonaPrompt,
  type ChatModelSettings,
} from './chat-service';
import {
  completionBody,
  startFakeChatModel,
  type FakeChatModel,
} from '@/test-support/fake-chat-model';

/** The chat, with the seeded catalogue's eBooks. */
const answerChatMessage = (
  message: string,
  settings: ChatModelSettings,
  options?: Parameters<typeof answerWith>[3],
) => answerWith(message, settings, SEEDED_CHAT_CATALOGUE, options);
const CHAT_PERSONA_PROMPT = chatPersonaPrompt(SEEDED_CHAT_CATALOGUE);

const PRICE_QUESTION = 'How much does it cost?';
const KEY = 'sk-test-key-that-must-stay-secret';

let model: FakeChatModel;
let log: jest.Mock;

beforeEach(async () => {
  model = await startFakeChatModel();
  log = jest.fn();
});
afterEach(() => model.close());

const settings = (overrides: { CHAT_API_KEY?: string } = {}) => ({
  CHAT_API_URL: model.url,
  CHAT_MODEL: 'test-model',
  ...overrides,
});

const loggedText = () => JSON.stringify(log.mock.calls);

describe('answerChatMessage', () => {
  it('answers with the canned reply when no model is configured', async () => {
    await expect(
      answerChatMessage(PRICE_QUESTION, { CHAT_MODEL: 'test-model' }, { log }),
    ).resolves.toEqual({ reply: CANNED_REPLIES.price, source: 'canned' });
    expect(model.received).toHaveLength(0);
    expect(log).not.toHaveBeenCalled();
  });

  it("uses the model's reply, trimmed", async () => {
    model.answerWith({ body: completionBody('  Our eBooks start at $19.99.\n') });
    await expect(answerChatMessage(PRICE_QUESTION, settings(), { log })).resolves.toEqual({
      reply: 'Our eBooks start at $19.99.',
      source: 'model',
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('accepts a reply of exactly 10 characters', async () => {
    model.answerWith({ body: completionBody('Happy day!') });
    await expect(answerChatMessage(PRICE_QUESTION, settings(), { log })).resolves.toEqual({
      reply: 'Happy day!',
      source: 'model',
    });
  });

  it('sends the OpenAI chat completions body: the model, the persona, then the message', async () => {
    await answerChatMessage(PRICE_QUESTION, settings(), { log });
    expect(model.received).toHaveLength(1);
    const [request] = model.received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: {
        model: 'test-model',
        messages: [
          { role: 'system', content: CHAT_PERSONA_PROMPT },
          { role: 'user', content: PRICE_QUESTION },
        ],
      },
    });
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('sends the key as a bearer token when one is set', async () => {
    await answerChatMessage(PRICE_QUESTION, settings({ CHAT_API_KEY: KEY }), { log });
    expect(model.received[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('sends no authorization header without a key', async () => {
    await answerChatMessage(PRICE_QUESTION, settings(), { log });
    expect(model.received[0]?.headers).not.toHaveProperty('authorization');
  });

  it.each([
    ['an HTTP 500', { status: 500, body: { error: { message: 'boom' } } }, /HTTP 500/],
    ['an HTTP 401', { status: 401, body: { error: { message: 'bad key' } } }, /HTTP 401/],
    ['a 5-character reply', { body: completionBody('Hello') }, /5 characters/],
    ['a 9-character reply', { body: completionBody(' Thank you ') }, /9 characters/],
    ['an empty reply', { body: completionBody('   ') }, /0 characters/],
    ['a body that is not JSON', { body: '{"choices": [' }, /malformed/],
    ['a body without choices', { body: { choices: [] } }, /malformed/],
    ['a reply without text', { body: { choices: [{ message: { content: null } }] } }, /malformed/],
  ])('falls back to the canned reply on %s and logs why', async (_case, answer, reason) => {
    model.answerWith(answer);
    await expect(
      answerChatMessage(PRICE_QUESTION, settings({ CHAT_API_KEY: KEY }), { log }),
    ).resolves.toEqual({ reply: CANNED_REPLIES.price, source: 'canned' });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('Chatbot error:', expect.stringMatching(reason));
    expect(loggedText()).not.toContain(KEY);
  });

  it('falls back to the canned reply when the model does not answer in time', async () => {
    model.answerWith({ body: completionBody('Too late to be of use.'), delayMs: 2_000 });
    const started = Date.now();
    await expect(
      answerChatMessage(PRICE_QUESTION, settings(), { log, timeoutMs: 200 }),
    ).resolves.toEqual({ reply: CANNED_REPLIES.price, source: 'canned' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(log).toHaveBeenCalledWith('Chatbot error:', 'the model did not answer in time');
  });

  it('falls back to the canned reply when the model cannot be reached, without naming it', async () => {
    const url = model.url;
    await model.close();
    await expect(
      answerChatMessage(
        PRICE_QUESTION,
        { CHAT_API_URL: url, CHAT_API_KEY: KEY, CHAT_MODEL: 'test-model' },
        { log },
      ),
    ).resolves.toEqual({ reply: CANNED_REPLIES.price, source: 'canned' });
    expect(log).toHaveBeenCalledWith(
      'Chatbot error:',
      expect.stringMatching(/could not be reached/),
    );
    expect(loggedText()).not.toContain(KEY);
    expect(loggedText()).not.toContain(new URL(url).port);
  });
});
