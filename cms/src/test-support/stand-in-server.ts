/**
 * A stand-in for the commerce service or the storefront in the CMS's tests: a local HTTP server
 * that records every request (path, headers, JSON body) and answers what a test set for its
 * path, 200 `{}` otherwise; an answer of 'drop' closes the connection unanswered, as a shop that
 * cannot be reached.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** The path with its query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export type StandInAnswer = { status: number; body: unknown } | 'drop';

export interface StandInServer {
  url: string;
  requests: RecordedRequest[];
  /** Sets the answer to requests whose path (without the query) is this one. */
  answer(path: string, answer: StandInAnswer): void;
  /** The requests to a path, waiting up to five seconds for at least one. */
  received(path: string): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

export async function startStandInServer(): Promise<StandInServer> {
  const requests: RecordedRequest[] = [];
  const answers = new Map<string, StandInAnswer>();
  const pathOf = (url: string) => new URL(url, 'http://stand-in').pathname;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = request.url ?? '/';
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = { unparsed: raw };
      }
      requests.push({ method: request.method ?? 'GET', url, headers: request.headers, body });
      const answer = answers.get(pathOf(url)) ?? { status: 200, body: {} };
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (path, answer) => answers.set(path, answer),
    async received(path) {
      const matching = () => requests.filter((request) => pathOf(request.url) === path);
      const deadline = Date.now() + 5_000;
      while (matching().length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return matching();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
