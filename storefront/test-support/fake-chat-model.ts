/**
 * For tests only: a real HTTP server on 127.0.0.1 standing in for an OpenAI-compatible chat
 * completions endpoint, recording what it was sent and answering as each test tells it.
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
  /** Sent as is when a string, else as JSON. */
  body: unknown;
  delayMs?: number;
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
      const { status = 200, body: reply, delayMs = 0 } = answer;
      const timer = setTimeout(() => {
        pending.delete(timer);
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(typeof reply === 'string' ? reply : JSON.stringify(reply));
      }, delayMs);
      pending.add(timer);
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
