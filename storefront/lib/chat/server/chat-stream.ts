/**
 * An answer's events (chat-service.ts) as the AI SDK's UI message stream: server-sent events
 * that a browser reads as they come (docs/adr/0020-chat-answers-from-shop-content.md). The
 * chunks are the protocol's (../protocol.ts): the reply is the message's last text part, and a
 * model's reply the content replaced midway is followed by a second part.
 */
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import type { ChatStreamChunk } from '../protocol';
import type { ChatEvent } from './chat-service';

export function chatStreamResponse(events: AsyncIterable<ChatEvent>): Response {
  const stream = createUIMessageStream({
    async execute({ writer }) {
      const write = (chunk: ChatStreamChunk) => writer.write(chunk);
      let part = 0;
      let open = false;
      const id = () => `reply-${part}`;
      write({ type: 'start' });
      for await (const event of events) {
        switch (event.type) {
          case 'sources':
            event.sources.forEach((source, i) =>
              write({
                type: 'source-url',
                sourceId: `source-${i}`,
                url: source.url,
                title: source.title,
              }),
            );
            break;
          case 'text':
            if (!open) write({ type: 'text-start', id: id() });
            open = true;
            write({ type: 'text-delta', id: id(), delta: event.text });
            break;
          case 'replace':
            if (open) write({ type: 'text-end', id: id() });
            part += 1;
            write({ type: 'text-start', id: id() });
            write({ type: 'text-delta', id: id(), delta: event.text });
            open = true;
            break;
          case 'done':
            if (open) write({ type: 'text-end', id: id() });
            open = false;
            write({ type: 'finish', messageMetadata: { source: event.source } });
            break;
        }
      }
    },
    // An answer never fails (the content stands in for the model); this is for a bug only.
    onError: () => 'The assistant could not answer.',
  });
  return createUIMessageStreamResponse({ stream });
}
