/**
 * The browser's side of the chat: asks the route for the reply as it is written
 * (./reply-stream.ts) and hands each step to the dialog; takes JSON as well. When the route
 * fails in any way, the canned reply answers, so the visitor never sees an error
 * (docs/product.md#error-catalogue).
 */
import {
  CHAT_ROUTE,
  CHAT_STREAM_TYPE,
  MAX_HISTORY_TURNS,
  MAX_HISTORY_TURN_LENGTH,
  type ChatAnswer,
  type ChatCatalogue,
  type ChatRequestBody,
  type ChatTurn,
} from '../protocol';
import { cannedReply } from './canned-replies';
import { readReplyStream, type ChatReply } from './reply-stream';

export type { ChatReply } from './reply-stream';

/** A reply that has not begun, or has paused, this long is given up for the canned one. */
const REPLY_TIMEOUT_MS = 15_000;

/** The conversation as the route takes it: the last turns, each cut to the route's limit. */
export function historyToSend(turns: readonly ChatTurn[]): ChatTurn[] {
  return turns
    .slice(-MAX_HISTORY_TURNS)
    .map(({ role, content }) => ({ role, content: content.slice(0, MAX_HISTORY_TURN_LENGTH) }));
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
    const body: ChatRequestBody = history.length
      ? { message, history: historyToSend(history) }
      : { message };
    const response = await fetch(CHAT_ROUTE, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: `${CHAT_STREAM_TYPE}, application/json;q=0.9`,
      },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    if (response.ok) {
      const streamed = response.headers?.get('content-type')?.includes(CHAT_STREAM_TYPE);
      if (streamed && response.body) {
        const answer = await readReplyStream(response.body, onProgress, restartTimer);
        if (answer.reply.trim()) return answer;
      } else {
        const { reply, sources } = ((await response.json()) ?? {}) as Partial<ChatAnswer>;
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
