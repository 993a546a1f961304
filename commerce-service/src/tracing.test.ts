/**
 * Traces (docs/reliability.md#telemetry-and-health): the service started as the owner starts
 * it, with OTEL_EXPORTER_OTLP_ENDPOINT at a stand-in receiver, sends a request's server span,
 * named after its route, and its database queries' spans, under the trace the caller began;
 * its log lines carry the trace id.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOtlpReceiver, type OtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';

const serviceDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));

let receiver: OtlpReceiver;
let dataDir: string;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  dataDir = mkdtempSync(path.join(tmpdir(), 'commerce-tracing-'));
});
afterAll(async () => {
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [tsx, 'src/server.ts'], {
    cwd: serviceDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      DATA_DIR: dataDir,
      DOWNLOAD_SIGNING_SECRET: 'a-download-signing-secret-0123456789',
      BETTER_AUTH_SECRET: 'a-better-auth-secret-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  const listening = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)?.[1];
      if (address) resolve(address);
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, listening, exited, stdout: () => stdout };
}

/** A POST whose headers are sent at once and its body 200 ms later; its answer's status. */
function postSlowly(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number }>((resolve, reject) => {
    const sending = request(url, { method: 'POST', headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0 }));
    });
    sending.on('error', reject);
    sending.flushHeaders();
    setTimeout(() => sending.end(body), 200);
  });
}

it("sends the request's span and its queries' spans in the caller's trace, and logs the trace id", async () => {
  const server = startServer({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
  try {
    const origin = await server.listening;
    const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    // A checkout session: the request that starts a purchase, and writes it down. Its body
    // comes a moment after its headers, as on a slow connection: the service reads it in
    // listeners of its own, outside the request's span, and must go on in the trace.
    const response = await postSlowly(
      `${origin}/api/create-checkout-session`,
      {
        traceparent: `00-${traceId}-1122334455667788-01`,
        'content-type': 'application/json',
        origin: 'http://127.0.0.1:3000',
      },
      JSON.stringify({
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      }),
    );
    expect(response.status).toBe(200);
    // A probe makes no trace.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    // The batch is sent on shutdown at the latest.
    server.child.kill('SIGTERM');
    await server.exited;

    const request = await receiver.waitForSpan(
      (span) =>
        span.traceId === traceId &&
        span.service === 'commerce-service' &&
        !!span.attributes['http.route'],
    );
    expect(request.name).toBe('POST /api/create-checkout-session');
    expect(request.parentSpanId).toBe('1122334455667788');
    expect(request.attributes['http.response.status_code']).toBe(200);
    expect(receiver.spans.filter((span) => span.attributes['url.path'] === '/healthz')).toEqual([]);
    const queries = receiver.spans.filter(
      (span) => span.traceId === traceId && span.attributes['db.system.name'] === 'sqlite',
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.map((span) => span.name)).toContain('INSERT sqlite');
    const insert = queries.find((span) => span.name === 'INSERT sqlite');
    expect(String(insert?.attributes['db.query.text'])).toMatch(/^insert into "checkout_sessions"/);
    // Its values stay out of the trace: the query's text holds placeholders only.
    expect(String(insert?.attributes['db.query.text'])).not.toContain('ebook-aba-for-parents');

    const lines = server.stdout().split('\n');
    const line = lines.find((entry) => entry.includes('"url":"/api/create-checkout-session"'));
    const incoming = JSON.parse(line ?? '{}') as { reqId?: string };
    expect(incoming).toMatchObject({ trace_id: traceId });
    // The request's last line, written once the answer has gone, is in the trace too.
    const completed = lines
      .filter((entry) => entry.includes('"msg":"request completed"'))
      .map((entry) => JSON.parse(entry) as { reqId?: string })
      .find((entry) => entry.reqId === incoming.reqId);
    expect(completed).toMatchObject({ trace_id: traceId });
  } finally {
    server.child.kill('SIGKILL');
  }
}, 60_000);

it('sends nothing and makes no query span without an endpoint', async () => {
  const before = receiver.spans.length;
  const server = startServer({});
  try {
    const origin = await server.listening;
    expect((await fetch(`${origin}/api/products`)).status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
    expect(receiver.spans.length).toBe(before);
    expect(server.stdout()).not.toContain('trace_id');
  } finally {
    server.child.kill('SIGKILL');
  }
}, 60_000);
