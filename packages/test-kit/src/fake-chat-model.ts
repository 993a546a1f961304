/**
 * For tests only: a real HTTP server on 127.0.0.1 standing in for an OpenAI-compatible chat
 * completions endpoint, recording what it was sent and answering as each test tells it. Asked
 * to stream (`"stream": true`, as the AI SDK asks), it sends a reply as server-sent events,
 * a few words at a time, and can break off or fall silent midway.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCompletionRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  /**
   * Sent as is when a string, else as JSON; a completion body (completionBody) is streamed
   * when the request asks for a stream.
   */
  body: unknown;
  delayMs?: number;
  /** How a streamed reply goes: its pieces, the pause between them, and how it ends. */
  stream?: {
    /** Milliseconds between two pieces. */
    gapMs?: number;
    /** After this many pieces the connection is cut ('break') or left open and silent ('stall'). */
    stopAfter?: number;
    stop?: 'break' | 'stall';
  };
}

export interface FakeChatModel {
  url: string;
  received: ReceivedCompletionRequest[];
  answerWith(answer: FakeAnswer): void;
  close(): Promise<void>;
}

/** The body an OpenAI-compatible endpoint returns for one reply. */
export function completionBody(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

/** A reply's pieces as a stream sends them: a word and the space after it. */
export const replyPieces = (content: string) => content.match(/\S*\s*/g)?.filter(Boolean) ?? [];

/** One server-sent event of an OpenAI-compatible streamed completion. */
export function completionChunk(delta: { content?: string }, finishReason: string | null = null) {
  const chunk = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** The whole stream of a reply, as one text: its pieces, the end, and [DONE]. */
export function completionStream(content: string): string {
  return [
    ...replyPieces(content).map((piece) => completionChunk({ content: piece })),
    completionChunk({}, 'stop'),
    'data: [DONE]\n\n',
  ].join('');
}

const contentOf = (body: unknown): string | null => {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]
    ?.message?.content;
  return typeof content === 'string' ? content : null;
};

export async function startFakeChatModel(): Promise<FakeChatModel> {
  const received: ReceivedCompletionRequest[] = [];
  let answer: FakeAnswer = { body: completionBody('A helpful reply from the model.') };
  const pending = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text, for the test to see
      }
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body,
      });
      const { status = 200, body: reply, delayMs = 0, stream = {} } = answer;
      const streamed = (body as { stream?: unknown } | null)?.stream === true;
      const content = contentOf(reply);
      const later = (ms: number, step: () => void) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          if (!response.destroyed) step();
        }, ms);
        pending.add(timer);
      };
      later(delayMs, () => {
        if (!streamed || status !== 200 || content === null) {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(typeof reply === 'string' ? reply : JSON.stringify(reply));
          return;
        }
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const pieces = replyPieces(content);
        const { gapMs = 0, stopAfter = Infinity, stop = 'break' } = stream;
        const send = (at: number) => {
          if (at >= stopAfter) {
            if (stop === 'break') response.destroy();
            return;
          }
          if (at === pieces.length) {
            response.end(`${completionChunk({}, 'stop')}data: [DONE]\n\n`);
            return;
          }
          response.write(completionChunk({ content: pieces[at] }));
          later(gapMs, () => send(at + 1));
        };
        send(0);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/chat/completions`,
    received,
    answerWith(next) {
      answer = next;
    },
    close() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
