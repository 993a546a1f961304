/** @jest-environment node */
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { knowledgeOf, seededKnowledge } from '@/test-support/chat-knowledge';
import {
  completionBody,
  startFakeChatModel,
  type FakeChatModel,
} from '@aba-shop/test-kit/fake-chat-model';
import {
  answerChat,
  chatSystemPrompt,
  collectAnswer,
  modelBaseUrl,
  type ChatEvent,
  type ChatModelSettings,
  type ChatOptions,
} from './chat-service';
import { retrievalReply } from '../engine/retrieval-reply';
import type { ChatTurn } from '../protocol';

const REFUND_QUESTION = 'Can I return an eBook?';
const KEY = 'sk-test-key-that-must-stay-secret';
const MODEL_REPLY =
  'Our eBooks are digital, so all sales are final; a file that will not open is an exception.';

let model: FakeChatModel;
let log: jest.Mock;

beforeEach(async () => {
  model = await startFakeChatModel();
  model.answerWith({ body: completionBody(MODEL_REPLY) });
  log = jest.fn();
});
afterEach(() => model.close());

const settings = (overrides: Partial<ChatModelSettings> = {}): ChatModelSettings => ({
  CHAT_API_URL: model.url,
  CHAT_MODEL: 'test-model',
  ...overrides,
});
const NO_MODEL: ChatModelSettings = { CHAT_MODEL: 'unused' };

async function eventsOf(
  message: string,
  chatSettings: ChatModelSettings,
  options: ChatOptions = {},
  history: ChatTurn[] = [],
  index = seededKnowledge(),
): Promise<ChatEvent[]> {
  const events: ChatEvent[] = [];
  for await (const event of answerChat({ message, history }, index, chatSettings, {
    log,
    ...options,
  }))
    events.push(event);
  return events;
}

async function* replay(events: ChatEvent[]) {
  yield* events;
}

const contentReply = (message: string, history: ChatTurn[] = []) =>
  retrievalReply(message, history, seededKnowledge());
const loggedText = () => JSON.stringify(log.mock.calls);
const modelRequest = () =>
  model.received.at(-1)?.body as {
    stream: boolean;
    model: string;
    messages: { role: string; content: string }[];
  };

describe('answerChat without a model', () => {
  it("answers from the shop's content, with where it comes from", async () => {
    const answer = await collectAnswer(replay(await eventsOf(REFUND_QUESTION, NO_MODEL)));
    expect(answer.source).toBe('content');
    expect(answer.reply.toLowerCase()).toContain('all sales are final');
    expect(answer.sources).toContainEqual(expect.objectContaining({ url: '/no-refund-policy' }));
    expect(answer).toEqual({ ...contentReply(REFUND_QUESTION), passages: undefined });
  });

  it('sends the sources first, then the whole reply at once', async () => {
    const events = await eventsOf(REFUND_QUESTION, NO_MODEL);
    expect(events.map(({ type }) => type)).toEqual(['sources', 'text', 'done']);
  });
});

describe('answerChat with a model', () => {
  it("streams the model's reply piece by piece", async () => {
    const events = await eventsOf(REFUND_QUESTION, settings());
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(5);
    expect(events.at(-1)).toEqual({ type: 'done', source: 'model' });
    const answer = await collectAnswer(replay(events));
    expect(answer.reply).toBe(MODEL_REPLY);
    expect(answer.sources).toEqual(contentReply(REFUND_QUESTION).sources);
    expect(log).not.toHaveBeenCalled();
  });

  it('gives the model the passages that answer the question and tells it to keep to them', async () => {
    await eventsOf(REFUND_QUESTION, settings({ CHAT_API_KEY: KEY }));
    const request = modelRequest();
    expect(request.stream).toBe(true);
    expect(request.model).toBe('test-model');
    expect(model.received.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    const [system, user] = request.messages;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Answer only from the passages below');
    expect(system?.content).toContain('Never give a diagnosis');
    for (const passage of contentReply(REFUND_QUESTION).passages) {
      expect(system?.content).toContain(passage.text);
    }
    expect(user).toEqual({ role: 'user', content: REFUND_QUESTION });
  });

  it('sends no authorization header without a key', async () => {
    await eventsOf(REFUND_QUESTION, settings());
    expect(model.received.at(-1)?.headers).not.toHaveProperty('authorization');
  });

  it('takes its prices from the catalogue, so a changed price is the one the model is given', async () => {
    const repriced = knowledgeOf((content) => ({
      ...content,
      catalogue: SEEDED_CATALOGUE.map((product) =>
        product.kind === 'complete' ? { ...product, price: 3999 } : product,
      ),
    }));
    await eventsOf('How much is the complete pack?', settings(), {}, [], repriced);
    const system = modelRequest().messages[0]?.content ?? '';
    expect(system).toContain('$39.99');
    expect(system).not.toContain('$42.99');
  });

  it('sends the last turns of the conversation before the new message', async () => {
    const history: ChatTurn[] = [
      { role: 'user', content: 'What ages are the eBooks for?' },
      { role: 'assistant', content: 'They suit children from 2 to 18.' },
    ];
    await eventsOf('And for teenagers?', settings(), {}, history);
    expect(modelRequest().messages.slice(1)).toEqual([
      ...history,
      { role: 'user', content: 'And for teenagers?' },
    ]);
  });

  it.each([
    ['a greeting', 'Hello!'],
    ['a question the content cannot answer', 'What is the capital of Australia?'],
    ['a medical question', 'Should I give my son melatonin to sleep?'],
  ])(
    'does not ask the model for %s: the content’s own reply is the honest one',
    async (_case, message) => {
      const events = await eventsOf(message, settings());
      expect(model.received).toHaveLength(0);
      expect((await collectAnswer(replay(events))).reply).toBe(contentReply(message).reply);
    },
  );

  it.each([
    ['an HTTP 500', { status: 500, body: { error: { message: 'boom' } } }, /HTTP 500/],
    ['an HTTP 401', { status: 401, body: { error: { message: 'bad key' } } }, /HTTP 401/],
    ['a 9-character reply', { body: completionBody(' Thank you ') }, /9 characters/],
    ['an empty reply', { body: completionBody('   ') }, /0 characters/],
    ['a body that is not a stream', { body: '{"choices": [' }, /./],
    [
      'a price the shop does not charge',
      { body: completionBody('The pack costs $5.00 today only, a real bargain.') },
      /price the shop does not charge \(\$5\.00\)/,
    ],
  ])(
    'answers from the content on %s and logs why, without the key',
    async (_case, answer, reason) => {
      model.answerWith(answer);
      const events = await eventsOf(REFUND_QUESTION, settings({ CHAT_API_KEY: KEY }));
      const answered = await collectAnswer(replay(events));
      expect(answered).toEqual({
        reply: contentReply(REFUND_QUESTION).reply,
        source: 'content',
        sources: contentReply(REFUND_QUESTION).sources,
      });
      expect(log).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith('Chatbot error:', expect.stringMatching(reason));
      expect(loggedText()).not.toContain(KEY);
    },
  );

  it('replaces a reply the model breaks off midway with the content’s reply', async () => {
    model.answerWith({
      body: completionBody(MODEL_REPLY),
      stream: { stopAfter: 4, stop: 'break' },
    });
    const events = await eventsOf(REFUND_QUESTION, settings());
    const types = events.map(({ type }) => type);
    expect(types.slice(0, 5)).toEqual(['sources', 'text', 'text', 'text', 'text']);
    expect(types.slice(-2)).toEqual(['replace', 'done']);
    expect(await collectAnswer(replay(events))).toMatchObject({
      reply: contentReply(REFUND_QUESTION).reply,
      source: 'content',
    });
  });

  it('replaces a reply the model stops sending midway, without waiting for it', async () => {
    model.answerWith({
      body: completionBody(MODEL_REPLY),
      stream: { stopAfter: 3, stop: 'stall' },
    });
    const started = Date.now();
    const events = await eventsOf(REFUND_QUESTION, settings(), { stallMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(events.filter(({ type }) => type === 'text')).toHaveLength(3);
    expect(events.at(-2)).toEqual({ type: 'replace', text: contentReply(REFUND_QUESTION).reply });
    expect(log).toHaveBeenCalledWith('Chatbot error:', 'the model stopped answering midway');
  });

  it('answers from the content when the model does not begin in time', async () => {
    model.answerWith({ body: completionBody(MODEL_REPLY), delayMs: 2_000 });
    const started = Date.now();
    const events = await eventsOf(REFUND_QUESTION, settings(), { timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(events.map(({ type }) => type)).toEqual(['sources', 'text', 'done']);
    expect(log).toHaveBeenCalledWith('Chatbot error:', 'the model did not answer in time');
  });

  it('answers from the content when the model cannot be reached, without naming it', async () => {
    const url = model.url;
    await model.close();
    const events = await eventsOf(REFUND_QUESTION, {
      CHAT_API_URL: url,
      CHAT_API_KEY: KEY,
      CHAT_MODEL: 'test-model',
    });
    expect((await collectAnswer(replay(events))).source).toBe('content');
    expect(log).toHaveBeenCalledWith(
      'Chatbot error:',
      expect.stringMatching(/could not be reached/),
    );
    expect(loggedText()).not.toContain(KEY);
    expect(loggedText()).not.toContain(new URL(url).port);
  });
});

describe('chatSystemPrompt', () => {
  it('holds no price, count or age of its own: every fact comes from the passages', () => {
    const prompt = chatSystemPrompt([]);
    expect(prompt).not.toMatch(/\$\d|\d+ chapters|\d+\s*(?:-|–|to)\s*\d+/);
  });
});

describe('modelBaseUrl', () => {
  it.each([
    ['https://api.openai.com/v1/chat/completions', 'https://api.openai.com/v1'],
    ['http://127.0.0.1:11434/v1/chat/completions/', 'http://127.0.0.1:11434/v1'],
    ['http://127.0.0.1:8080/v1', 'http://127.0.0.1:8080/v1'],
  ])('reads %s as the endpoint of %s', (url, base) => {
    expect(modelBaseUrl(url)).toBe(base);
  });
});
