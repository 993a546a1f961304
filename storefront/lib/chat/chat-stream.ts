/**
 * An answer's events (chat-service.ts) as the AI SDK's UI message stream: server-sent events
 * that a browser reads as they come (docs/adr/0020-chat-answers-from-shop-content.md). The
 * reply is the message's last text part: a model's reply the content replaced mid-way is
 * followed by a second part.
 */
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import type { ChatEvent, ChatReplySource } from './chat-service';

export interface ChatMessageMetadata {
  source: ChatReplySource;
}

export function chatStreamResponse(events: AsyncIterable<ChatEvent>): Response {
  const stream = createUIMessageStream({
    async execute({ writer }) {
      let part = 0;
      let open = false;
      const id = () => `reply-${part}`;
      writer.write({ type: 'start' });
      for await (const event of events) {
        switch (event.type) {
          case 'sources':
            event.sources.forEach((source, i) =>
              writer.write({
                type: 'source-url',
                sourceId: `source-${i}`,
                url: source.url,
                title: source.title,
              }),
            );
            break;
          case 'text':
            if (!open) writer.write({ type: 'text-start', id: id() });
            open = true;
            writer.write({ type: 'text-delta', id: id(), delta: event.text });
            break;
          case 'replace':
            if (open) writer.write({ type: 'text-end', id: id() });
            part += 1;
            writer.write({ type: 'text-start', id: id() });
            writer.write({ type: 'text-delta', id: id(), delta: event.text });
            open = true;
            break;
          case 'done': {
            if (open) writer.write({ type: 'text-end', id: id() });
            open = false;
            const messageMetadata: ChatMessageMetadata = { source: event.source };
            writer.write({ type: 'finish', messageMetadata });
            break;
          }
        }
      }
    },
    // An answer never fails (the content stands in for the model); this is for a bug only.
    onError: () => 'The assistant could not answer.',
  });
  return createUIMessageStreamResponse({ stream });
}
