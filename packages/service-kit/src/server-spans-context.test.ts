/**
 * A server that gives the code answering a kept request only its span's context, not the span
 * (`recordingSpanVisible: false`, as the storefront gives Next.js; docs/performance.md,
 * "Telemetry"): that code sees no recording span, yet what reads the context still joins the
 * trace: the span of a fetch it makes, the next service's span, a log line's ids.
 */
import { trace } from '@opentelemetry/api';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOtlpReceiver, type OtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';
import { activeTraceIds } from './trace-ids.ts';
import { answerInServerSpan, pathOf, startTracing, type Tracing } from './tracing.ts';

let receiver: OtlpReceiver;
let tracing: Tracing | null;
let server: Server;
let origin: string;
/** What the code answering `/outer` saw, per request. */
const seen: { recording: boolean | undefined; traceId: string | undefined }[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracing = startTracing({ serviceName: 'context-test', endpoint: receiver.endpoint });
  server = createServer((request, response) => {
    const path = request.url ?? '';
    answerInServerSpan(
      'context-test',
      request,
      response,
      (span) => {
        span?.route(pathOf(path));
        if (!path.startsWith('/outer')) {
          response.end('inner');
          return;
        }
        seen.push({
          recording: trace.getActiveSpan()?.isRecording(),
          traceId: activeTraceIds().trace_id,
        });
        void fetch(`${origin}/inner`)
          .then((inner) => inner.text())
          .then((text) => response.end(`outer+${text}`));
      },
      // `/outer?visible` is answered as the commerce service's requests are.
      { recordingSpanVisible: path.endsWith('?visible') },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await tracing?.shutdown();
  await new Promise((resolve) => server.close(resolve));
  await receiver.close();
});

it('hides the recording span from the code answering, and its fetch still joins the trace', async () => {
  const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const answer = await fetch(`${origin}/outer`, {
    headers: { traceparent: `00-${traceId}-1122334455667788-01` },
  });
  expect(await answer.text()).toBe('outer+inner');
  const visible = await fetch(`${origin}/outer?visible`);
  expect(await visible.text()).toBe('outer+inner');
  // Where the span is given, the code sees it recording; where only its context, it does not,
  // and a log line still gets the kept trace's id.
  expect(seen).toEqual([
    { recording: false, traceId },
    { recording: true, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) },
  ]);

  await tracing?.shutdown();
  const inner = await receiver.waitForSpan(
    (span) => span.traceId === traceId && span.name === 'GET /inner',
  );
  const outer = receiver.spans.find(
    (span) => span.traceId === traceId && span.name === 'GET /outer',
  );
  const call = receiver.spans.find((span) => span.spanId === inner.parentSpanId);
  // The caller's span → the server's span → its fetch's span → the inner request's span.
  expect(outer?.parentSpanId).toBe('1122334455667788');
  expect(call).toMatchObject({ traceId, name: 'GET', parentSpanId: outer?.spanId });
});
