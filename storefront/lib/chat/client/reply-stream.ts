/**
 * The browser's reader of the route's answer stream: the AI SDK's UI message stream, read with
 * `eventsource-parser`, the SDK's own event parser, without the SDK's weight
 * (docs/adr/0020-chat-answers-from-shop-content.md). The chunks are the protocol's.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { ChatSource, ChatStreamChunk } from '../protocol';

/** A reply as the dialog shows it: its text so far, and the pages it comes from. */
export interface ChatReply {
  reply: string;
  sources: ChatSource[];
}

/**
 * The reply as it is written: the text of the last text part (a model's reply the content
 * replaced midway is followed by a second part), and the sources. Each chunk it reads restarts
 * the caller's timer; a chunk of another type is passed over.
 */
export async function readReplyStream(
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
    const chunk = JSON.parse(event.data) as ChatStreamChunk;
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
