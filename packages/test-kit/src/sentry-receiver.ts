/**
 * A stand-in for a Sentry-compatible server's envelope endpoint: keeps each event it is sent,
 * with the auth header that came with it, for a test to read. For tests only.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  projectId: string;
  auth: string | undefined;
  event: Record<string, unknown> & {
    level?: string;
    tags?: Record<string, string>;
    exception?: { values: { type: string; value: string }[] };
  };
}

export async function startSentryReceiver() {
  const events: ReceivedEvent[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const project = /^\/api\/(\d+)\/envelope\/$/.exec(request.url ?? '');
      if (request.method !== 'POST' || !project) {
        response.writeHead(404).end();
        return;
      }
      const [, itemHeader, payload] = Buffer.concat(chunks).toString('utf8').split('\n');
      if ((JSON.parse(itemHeader ?? '{}') as { type?: string }).type === 'event') {
        events.push({
          projectId: project[1] as string,
          auth: request.headers['x-sentry-auth'] as string | undefined,
          event: JSON.parse(payload ?? '{}') as ReceivedEvent['event'],
        });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** A DSN for project 42 with the key `publickey`. */
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
