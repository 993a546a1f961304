/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest } from './forward-request';

/** The `msg` of each JSON line the server log wrote through this console spy. */
const loggedMessages = (spy: jest.SpyInstance) =>
  spy.mock.calls.map((call) => (JSON.parse(String(call[0])) as { msg: string }).msg);

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A service on 127.0.0.1 that answers with `handler`; the port is free again after close. */
async function startService(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const unavailable = () => Response.json({ message: 'down' }, { status: 503 });

describe('forwardRequest', () => {
  afterEach(() => jest.restoreAllMocks());

  it('passes the method, path, query, body and headers on, and the answer back', async () => {
    let seen:
      | { method?: string; url?: string; body: string; headers: IncomingMessage['headers'] }
      | undefined;
    const service = await startService((request, body, response) => {
      seen = { method: request.method, url: request.url, body, headers: request.headers };
      response.writeHead(201, [
        ['content-type', 'application/json'],
        ['set-cookie', 'a=1; Path=/'],
        ['set-cookie', 'b=2; Path=/'],
        ['connection', 'close'],
      ]);
      response.end('{"ok":true}');
    });
    try {
      const answer = await forwardRequest(
        new Request('http://shop.test/api/verify-otp?x=1', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: 'session=abc',
            origin: 'http://shop.test',
            connection: 'keep-alive',
            // Set for this call by the tracing when it is on, never copied from the caller.
            traceparent: '00-a1b2c3d4e5f60718293a4b5c6d7e8f90-1122334455667788-01',
            tracestate: 'shop=1',
          },
          body: '{"otp":"123456"}',
        }),
        new URL('/api/verify-otp?x=1', service.url),
        unavailable,
      );
      expect(seen).toMatchObject({
        method: 'POST',
        url: '/api/verify-otp?x=1',
        body: '{"otp":"123456"}',
      });
      expect(seen?.headers).toMatchObject({
        cookie: 'session=abc',
        origin: 'http://shop.test',
        'x-forwarded-host': 'shop.test',
        host: new URL(service.url).host,
      });
      expect(seen?.headers.traceparent).toBeUndefined();
      expect(seen?.headers.tracestate).toBeUndefined();
      expect(answer.status).toBe(201);
      expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(answer.headers.get('connection')).toBeNull();
      expect(await answer.json()).toEqual({ ok: true });
    } finally {
      await service.close();
    }
  });

  it('streams a CSV export back with its type and file name, the first rows before the last is written', async () => {
    let finish: () => void = () => undefined;
    const lastRowsWritten = new Promise<void>((resolve) => (finish = resolve));
    const service = await startService((_request, _body, response) => {
      response.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="subscription-records-2026-11-21.csv"',
      });
      response.write('id,email\n1,first@example.com\n');
      void lastRowsWritten.then(() => response.end('2,last@example.com\n'));
    });
    try {
      const answer = await forwardRequest(
        new Request('http://shop.test/api/subscription-records/export.csv'),
        new URL('/api/subscription-records/export.csv', service.url),
        unavailable,
      );
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe(
        'attachment; filename="subscription-records-2026-11-21.csv"',
      );
      const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      const first = await reader.read();
      expect(decoder.decode(first.value)).toBe('id,email\n1,first@example.com\n');
      finish();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        rest += decoder.decode(chunk.value);
      expect(rest).toBe('2,last@example.com\n');
    } finally {
      finish();
      await service.close();
    }
  });

  it('hands a redirect back instead of following it', async () => {
    const service = await startService((_request, _body, response) => {
      response.writeHead(303, { location: 'http://shop.test/checkout/success?sessionId=cs_1' });
      response.end();
    });
    try {
      const answer = await forwardRequest(
        new Request('http://shop.test/api/checkout/local/cs_1/pay', { method: 'POST', body: 'e' }),
        new URL('/api/checkout/local/cs_1/pay', service.url),
        unavailable,
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(
        'http://shop.test/checkout/success?sessionId=cs_1',
      );
    } finally {
      await service.close();
    }
  });

  it("answers the caller's 503 when the service is not running, and logs it without the path", async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const service = await startService(() => {});
    const target = new URL('/api/downloads/secret-token', service.url);
    await service.close();
    const answer = await forwardRequest(
      new Request('http://shop.test/api/downloads/secret-token'),
      target,
      () => Response.json({ message: 'The shop is temporarily unavailable.' }, { status: 503 }),
    );
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: 'The shop is temporarily unavailable.' });
    expect(loggedMessages(logged)).toContainEqual(
      expect.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+ did not answer a GET request: ECONNREFUSED$/,
      ),
    );
    expect(String(logged.mock.calls[0]?.[0])).not.toContain('secret-token');
  });

  it('gives up on a service that does not start answering in time', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const service = await startService(() => {});
    try {
      const started = Date.now();
      const answer = await forwardRequest(
        new Request('http://shop.test/api/products'),
        new URL('/api/products', service.url),
        unavailable,
        { timeoutMs: 200 },
      );
      expect(answer.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(loggedMessages(logged)).toContainEqual(
        expect.stringMatching(/no answer within 200 ms$/),
      );
    } finally {
      await service.close();
    }
  });

  describe('a body over the limit', () => {
    const tooLarge = () => Response.json({ message: 'too large' }, { status: 413 });
    const LIMIT = { bytes: 1024, tooLarge };

    /** A service that counts what reaches it. */
    async function countingService() {
      const reached: string[] = [];
      const service = await startService((request, body, response) => {
        reached.push(body);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
      return { ...service, reached };
    }

    it('is refused by the proxy, declared or not, and never reaches the service', async () => {
      const service = await countingService();
      try {
        const declared = new Request('http://shop.test/api/forms/submit', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '2000' },
          body: 'x'.repeat(2000),
        });
        // Sent in chunks without a length, as a streaming client does.
        const chunks = [new Uint8Array(600), new Uint8Array(600), new Uint8Array(600)];
        const streamed = new Request('http://shop.test/api/forms/submit', {
          method: 'POST',
          body: new ReadableStream({
            pull(controller) {
              const chunk = chunks.shift();
              if (chunk) controller.enqueue(chunk);
              else controller.close();
            },
          }),
          duplex: 'half',
        } as RequestInit);
        for (const request of [declared, streamed]) {
          const answer = await forwardRequest(
            request,
            new URL('/api/forms/submit', service.url),
            unavailable,
            { bodyLimit: LIMIT },
          );
          expect(answer.status).toBe(413);
          expect(await answer.json()).toEqual({ message: 'too large' });
        }
        expect(service.reached).toEqual([]);
      } finally {
        await service.close();
      }
    });

    it('up to the limit, is passed on whole', async () => {
      const service = await countingService();
      try {
        const answer = await forwardRequest(
          new Request('http://shop.test/api/forms/submit', {
            method: 'POST',
            body: 'y'.repeat(1024),
          }),
          new URL('/api/forms/submit', service.url),
          unavailable,
          { bodyLimit: LIMIT },
        );
        expect(answer.status).toBe(200);
        expect(service.reached).toEqual(['y'.repeat(1024)]);
      } finally {
        await service.close();
      }
    });
  });
});
