/**
 * The browser's side of the chat: asks our `/api/chat` for the reply as it is written (the AI
 * SDK's UI message stream) and hands each step to the dialog; takes JSON as well. When the
 * route fails in any way, the canned reply answers, so the visitor never sees an error
 * (docs/product.md#error-catalogue).
 */
import {
  parseJsonEventStream,
  readUIMessageStream,
  uiMessageChunkSchema,
  type UIMessage,
} from 'ai';
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

/** The reply so far in a streamed message: its last text part, and its sources. */
function replyOf(message: UIMessage): ChatReply {
  const texts = message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : []));
  const sources = message.parts.flatMap((part) =>
    part.type === 'source-url' ? [{ title: part.title ?? part.url, url: part.url }] : [],
  );
  return { reply: texts.at(-1) ?? '', sources };
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  onProgress: (reply: ChatReply) => void,
  restartTimer: () => void,
): Promise<ChatReply> {
  const chunks = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        restartTimer();
        if (!result.success) throw result.error;
        controller.enqueue(result.value);
      },
    }),
  );
  let last: ChatReply = { reply: '', sources: [] };
  for await (const message of readUIMessageStream({ stream: chunks, terminateOnError: true })) {
    last = replyOf(message);
    onProgress(last);
  }
  return last;
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
