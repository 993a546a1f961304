/**
 * Where a kept request's context is seen (shop-context.ts): with the storefront's set-up
 * (`nodeHttpCalls: false`) the shop's context is its own, so the code answering sees no span and
 * no trace through the global OpenTelemetry API (what Next.js traces itself through, and would
 * otherwise take every request through its own spans: docs/performance.md, "Telemetry"), yet what
 * the shop's code reads still joins the trace: the span of a fetch it makes, the next service's
 * span, a log line's ids. With the commerce service's set-up the context is the global one, and
 * the code answering sees the recording span there.
 */
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOtlpReceiver, type OtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';
import { activeTraceIds } from './trace-ids.ts';
import {
  answerInServerSpan,
  pathOf,
  startTracing,
  type Tracing,
  type TracingSettings,
} from './tracing.ts';

/** What the code answering `/outer` saw through the global OpenTelemetry API, and in a log line. */
interface Seen {
  recording: boolean | undefined;
  rootContext: boolean;
  propagated: string[];
  traceId: string | undefined;
}

let receiver: OtlpReceiver;
let tracing: Tracing | null;
let server: Server;
let origin: string;
const seen: Seen[] = [];

/**
 * Tracing with `settings` (the storefront's or the commerce service's), exporting to a fresh
 * receiver, and a server answering through answerInServerSpan; `/outer` fetches `/inner` from
 * itself.
 */
async function startAll(settings: Pick<TracingSettings, 'nodeHttpCalls'>) {
  seen.length = 0;
  receiver = await startOtlpReceiver();
  tracing = startTracing({ serviceName: 'context-test', endpoint: receiver.endpoint, ...settings });
  server = createServer((request, response) => {
    const path = request.url ?? '';
    answerInServerSpan('context-test', request, response, (span) => {
      span?.route(pathOf(path));
      if (!path.startsWith('/outer')) {
        response.end('inner');
        return;
      }
      seen.push({
        recording: trace.getActiveSpan()?.isRecording(),
        rootContext: context.active() === ROOT_CONTEXT,
        propagated: propagation.fields(),
        traceId: activeTraceIds().trace_id,
      });
      void fetch(`${origin}/inner`)
        .then((inner) => inner.text())
        .then((text) => response.end(`outer+${text}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stopAll() {
  await new Promise((resolve) => server.close(resolve));
  await receiver.close();
}

/** After `/outer` was asked in trace `traceId`: its span and its fetch's, in the trace. */
async function expectFetchJoined(traceId: string, callerSpanId: string) {
  await tracing?.shutdown();
  const inner = await receiver.waitForSpan(
    (span) => span.traceId === traceId && span.name === 'GET /inner',
  );
  const outer = receiver.spans.find(
    (span) => span.traceId === traceId && span.name === 'GET /outer',
  );
  const call = receiver.spans.find((span) => span.spanId === inner.parentSpanId);
  // The caller's span → the server's span → its fetch's span → the inner request's span.
  expect(outer?.parentSpanId).toBe(callerSpanId);
  expect(call).toMatchObject({ traceId, name: 'GET', parentSpanId: outer?.spanId });
}

// The storefront's set-up first: the commerce service's makes its context the process's global.
describe("the storefront's set-up", () => {
  beforeAll(() => startAll({ nodeHttpCalls: false }));
  afterAll(stopAll);

  it('shows the global API no span; the fetch and the log line still join the trace', async () => {
    const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const answer = await fetch(`${origin}/outer`, {
      headers: { traceparent: `00-${traceId}-1122334455667788-01` },
    });
    expect(await answer.text()).toBe('outer+inner');
    expect(seen).toEqual([{ recording: undefined, rootContext: true, propagated: [], traceId }]);
    await expectFetchJoined(traceId, '1122334455667788');
  });
});

describe("the commerce service's set-up", () => {
  beforeAll(() => startAll({}));
  afterAll(stopAll);

  it('shows the global API the recording span, and the fetch joins the trace', async () => {
    const traceId = 'b1b2c3d4e5f60718293a4b5c6d7e8f91';
    const answer = await fetch(`${origin}/outer`, {
      headers: { traceparent: `00-${traceId}-2122334455667788-01` },
    });
    expect(await answer.text()).toBe('outer+inner');
    expect(seen).toEqual([
      {
        recording: true,
        rootContext: false,
        propagated: ['traceparent', 'tracestate', 'baggage'],
        traceId,
      },
    ]);
    await expectFetchJoined(traceId, '2122334455667788');
  });
});
