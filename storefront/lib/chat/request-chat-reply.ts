/**
 * The browser's side of the chat: asks our `/api/chat` for the reply as it is written (the AI
 * SDK's UI message stream, read with `eventsource-parser`, the SDK's own event parser, without
 * the SDK's weight: docs/adr/0020-chat-answers-from-shop-content.md) and hands each step to the
 * dialog; takes JSON as well. When the route fails in any way, the canned reply answers, so the
 * visitor never sees an error (docs/product.md#error-catalogue).
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { cannedReply } from './canned-replies';
import type { ChatCatalogue } from './chat-catalogue';
import { MAX_HISTORY_TURNS, MAX_HISTORY_TURN_LENGTH } from './chat-history-limits';
import type { ChatSource, ChatTurn } from './retrieval-reply';

/** A reply that has not begun, or has paused, this long is given up for the canned one. */
const REPLY_TIMEOUT_MS = 15_000;

export interface ChatReply {
  reply: string;
  sources: ChatSource[];
}

/** The conversation as the route takes it: the last turns, each cut to the route's limit. */
export function historyToSend(turns: readonly ChatTurn[]): ChatTurn[] {
  return turns
    .slice(-MAX_HISTORY_TURNS)
    .map(({ role, content }) => ({ role, content: content.slice(0, MAX_HISTORY_TURN_LENGTH) }));
}

/** The chunks of the UI message stream the dialog reads; it passes over the others. */
type StreamChunk =
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'source-url'; url: string; title?: string }
  | { type: 'error'; errorText: string }
  | { type: 'other' };

/**
 * The reply as it is written: the text of the last text part (a model's reply the content
 * replaced midway is followed by a second part), and the sources.
 */
async function readStream(
  body: ReadableStream<Uint8Array>,
  onProgress: (reply: ChatReply) => void,
  restartTimer: () => void,
): Promise<ChatReply> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  let partId: string | undefined;
  let reply = '';
  const sources: ChatSource[] = [];
  for (;;) {
    const { done, value: event } = await reader.read();
    if (done || event.data === '[DONE]') break;
    restartTimer();
    const chunk = JSON.parse(event.data) as StreamChunk;
    if (chunk.type === 'error') throw new Error(chunk.errorText);
    if (chunk.type === 'source-url')
      sources.push({ title: chunk.title ?? chunk.url, url: chunk.url });
    else if (chunk.type === 'text-start') [partId, reply] = [chunk.id, ''];
    else if (chunk.type === 'text-delta' && chunk.id === partId) reply += chunk.delta;
    else continue;
    onProgress({ reply, sources: [...sources] });
  }
  return { reply, sources };
}

export async function requestChatReply({
  message,
  history,
  catalogue,
  onProgress = () => undefined,
}: {
  message: string;
  history: readonly ChatTurn[];
  /** The eBooks' names and prices, for the canned reply. */
  catalogue: ChatCatalogue;
  /** Called with the reply so far, each time it grows. */
  onProgress?: (reply: ChatReply) => void;
}): Promise<ChatReply> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restartTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort.abort(), REPLY_TIMEOUT_MS);
  };
  restartTimer();
  try {
    const response = await fetch('/api/chat', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json;q=0.9',
      },
      body: JSON.stringify(
        history.length ? { message, history: historyToSend(history) } : { message },
      ),
      signal: abort.signal,
    });
    if (response.ok) {
      const streamed = response.headers?.get('content-type')?.includes('text/event-stream');
      if (streamed && response.body) {
        const answer = await readStream(response.body, onProgress, restartTimer);
        if (answer.reply.trim()) return answer;
      } else {
        const { reply, sources } = ((await response.json()) ?? {}) as Partial<ChatReply>;
        if (typeof reply === 'string' && reply.trim()) {
          return { reply, sources: Array.isArray(sources) ? sources : [] };
        }
      }
    }
  } catch (error) {
    console.error('Chatbot error', error);
  } finally {
    clearTimeout(timer);
  }
  return { reply: cannedReply(message, catalogue), sources: [] };
}
