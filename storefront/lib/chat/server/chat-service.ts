/**
 * Answers one chat message (docs/product.md#chat-assistant). The shop's own content answers
 * first (../engine/retrieval-reply.ts); when a model is configured and the content has passages
 * for the question, the model writes the reply from those passages only, streamed as it comes,
 * and the content's own reply takes its place if the model fails, stalls, says too little or
 * names a price the shop does not charge (../engine/prices.ts). The key stays on the server.
 */
import 'server-only';
import { APICallError, streamText, type ModelMessage } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Passage } from '../engine/passage';
import { inventedPrice } from '../engine/prices';
import { retrievalReply, type RetrievalReply } from '../engine/retrieval-reply';
import type { SearchIndex } from '../engine/search-index';
import {
  SUPPORT_EMAIL,
  type ChatAnswer,
  type ChatReplySource,
  type ChatSource,
  type ChatTurn,
} from '../protocol';
import { serverLog } from '@/lib/server-log';

/** Shorter model replies are unusable (docs/product.md#constants-and-limits). */
export const MIN_USABLE_REPLY_LENGTH = 10;
/** A visitor waits no longer than this for the model's first words. */
export const MODEL_TIMEOUT_MS = 10_000;
/** Nor longer than this between two pieces of a reply that has started. */
export const MODEL_STALL_MS = 5_000;

export interface ChatModelSettings {
  CHAT_API_URL?: string;
  CHAT_API_KEY?: string;
  CHAT_MODEL: string;
}

/** What an answer is made of, as it happens: what a stream sends and JSON sums up. */
export type ChatEvent =
  | { type: 'sources'; sources: ChatSource[] }
  | { type: 'text'; text: string }
  /** The reply so far is withdrawn: this text is the reply instead. */
  | { type: 'replace'; text: string }
  | { type: 'done'; source: ChatReplySource };

export interface ChatQuestion {
  message: string;
  history: readonly ChatTurn[];
}

export interface ChatOptions {
  timeoutMs?: number;
  stallMs?: number;
  log?: (message: string, reason: string) => void;
  /** The visitor went away: the model stops writing for nobody. */
  signal?: AbortSignal;
}

/** The model's instructions: who it is, how it answers, and the passages it answers from. */
export function chatSystemPrompt(passages: readonly Passage[]): string {
  return [
    'You are the ABA Specialist Assistant of ABA Parent Guides, a shop that sells digital eBooks on applied behaviour analysis (ABA) to parents and caregivers of autistic children.',
    'Answer warmly, in plain language, in at most 120 words.',
    'Answer only from the passages below, which are the shop’s own published content. Do not add facts, products, prices, discounts, dates or promises that are not in them. If they do not answer the question, say so honestly and suggest writing to ' +
      `${SUPPORT_EMAIL}.`,
    'Never give a diagnosis, medication advice or medical advice. When therapy, medication or a diagnosis comes up, say that the eBooks are educational and do not replace professional help, and suggest a qualified professional such as a BCBA or the child’s doctor.',
    'Passages:',
    ...passages.map(
      (passage, i) =>
        `[${i + 1}] ${passage.title} (from ${passage.sourceTitle}, ${passage.url})\n${passage.text}`,
    ),
  ].join('\n\n');
}

class UnusableReply extends Error {}
class ModelStalled extends Error {}

/** Why the call failed, in words that carry neither the key nor the model's address. */
export function failureReason(error: unknown): string {
  if (error instanceof UnusableReply) return error.message;
  if (error instanceof ModelStalled) return 'the model stopped answering midway';
  if (APICallError.isInstance(error) && error.statusCode) {
    return `the model answered HTTP ${error.statusCode}`;
  }
  // Read by name, not instanceof: fetch's errors may come from another realm. The cause
  // carries a code such as ECONNREFUSED; its message would name the host.
  const { name, cause } = (error ?? {}) as { name?: unknown; cause?: unknown };
  if (name === 'TimeoutError') return 'the model did not answer in time';
  const nested = cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = [nested?.code, nested?.cause?.code].find((value) => typeof value === 'string');
  if (APICallError.isInstance(error) || code || name === 'TypeError') {
    return `the model could not be reached${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return 'the model answered a malformed stream';
}

/** The OpenAI-compatible endpoint's base: CHAT_API_URL names the chat completions URL itself. */
export const modelBaseUrl = (chatApiUrl: string) =>
  chatApiUrl.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');

/** The next piece of the model's text, or an error once it is late. */
async function nextWithin<T>(iterator: AsyncIterator<T>, ms: number): Promise<IteratorResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('late'), { name: 'TimeoutError' as const })),
      ms,
    );
  });
  try {
    return await Promise.race([iterator.next(), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function* modelReply(
  { message, history }: ChatQuestion,
  content: RetrievalReply,
  settings: ChatModelSettings & { CHAT_API_URL: string },
  {
    timeoutMs = MODEL_TIMEOUT_MS,
    stallMs = MODEL_STALL_MS,
    log = serverLog.error,
    signal,
  }: ChatOptions,
): AsyncGenerator<ChatEvent> {
  const provider = createOpenAICompatible({
    name: 'shop-chat',
    baseURL: modelBaseUrl(settings.CHAT_API_URL),
    apiKey: settings.CHAT_API_KEY || undefined,
  });
  const abort = new AbortController();
  const messages: ModelMessage[] = [
    ...history.map(({ role, content: text }) => ({ role, content: text })),
    { role: 'user', content: message },
  ];
  const result = streamText({
    model: provider.chatModel(settings.CHAT_MODEL),
    system: chatSystemPrompt(content.passages),
    messages,
    abortSignal: signal ? AbortSignal.any([abort.signal, signal]) : abort.signal,
    maxRetries: 0,
    // Failures are told once, below, in words without the key or the address.
    onError: () => undefined,
  });
  const iterator = result.fullStream[Symbol.asyncIterator]();
  let written = '';
  let started = false;
  try {
    for (;;) {
      const next = await nextWithin(iterator, started ? stallMs : timeoutMs).catch(
        (error: unknown) => {
          // A late first word is a timeout; a pause after it, a stall.
          throw started && error instanceof Error && error.name === 'TimeoutError'
            ? new ModelStalled()
            : error;
        },
      );
      if (next.done) break;
      const part = next.value;
      if (part.type === 'error') throw part.error;
      if (part.type !== 'text-delta' || !part.text) continue;
      // The opening spaces wait, so that a reply of spaces shows nothing.
      const text = started ? part.text : part.text.trimStart();
      if (!text) continue;
      started = true;
      written += text;
      yield { type: 'text', text };
    }
    const reply = written.trim();
    if (reply.length < MIN_USABLE_REPLY_LENGTH) {
      throw new UnusableReply(`the model's reply was ${reply.length} characters long`);
    }
    const price = inventedPrice(reply, content.passages);
    if (price)
      throw new UnusableReply(`the model named a price the shop does not charge (${price})`);
    yield { type: 'done', source: 'model' };
  } catch (error) {
    abort.abort();
    log('Chatbot error:', failureReason(error));
    yield written
      ? { type: 'replace', text: content.reply }
      : { type: 'text', text: content.reply };
    yield { type: 'done', source: content.source };
  } finally {
    // Also when the reader stops early: the model's request ends with the answer.
    abort.abort();
  }
}

/**
 * The answer to one message, as events: its sources first, then its text, piece by piece
 * from a model or at once from the content.
 */
export async function* answerChat(
  question: ChatQuestion,
  index: SearchIndex,
  settings: ChatModelSettings,
  options: ChatOptions = {},
): AsyncGenerator<ChatEvent> {
  const content = retrievalReply(question.message, question.history, index);
  yield { type: 'sources', sources: content.sources };
  const { CHAT_API_URL } = settings;
  // Without passages (a greeting, a question the content does not answer, a medical one) the
  // content's own reply is the honest one; a model would only have to invent.
  if (CHAT_API_URL && content.source === 'content') {
    yield* modelReply(question, content, { ...settings, CHAT_API_URL }, options);
    return;
  }
  yield { type: 'text', text: content.reply };
  yield { type: 'done', source: content.source };
}

/** The whole answer at once, for a client that asks for JSON. */
export async function collectAnswer(events: AsyncIterable<ChatEvent>): Promise<ChatAnswer> {
  let reply = '';
  let source: ChatReplySource = 'canned';
  let sources: ChatSource[] = [];
  for await (const event of events) {
    if (event.type === 'sources') sources = event.sources;
    else if (event.type === 'text') reply += event.text;
    else if (event.type === 'replace') reply = event.text;
    else source = event.source;
  }
  return { reply: reply.trim(), source, sources };
}
