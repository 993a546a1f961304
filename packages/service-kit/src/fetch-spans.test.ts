/**
 * The spans of fetch calls (fetch-spans.ts): inside a kept trace a call gets a client span
 * under the active one and carries its trace context to the server it asks; outside one, or in
 * a trace not kept, it gets neither; a refused call's span says it failed. Never a path.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOffSampler,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { traceFetchCalls } from './fetch-spans.ts';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = provider.getTracer('test');
const unsampled = new TracerProvider({ sampler: new AlwaysOffSampler() }).getTracer('test');
let stop: () => void;
let server: Server;
let origin: string;
/** The headers of each request the server was sent. */
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  stop = traceFetchCalls(tracer);
  server = createServer((request, response) => {
    received.push(request.headers);
    response.writeHead(request.url?.startsWith('/missing') ? 404 : 200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stop();
  context.disable();
  propagation.disable();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  exporter.reset();
  received.length = 0;
});

/** Runs `work` in an active span of `source`, ended afterwards; the span's ids. */
async function inSpan(source: Tracer, work: () => Promise<unknown>) {
  const span = source.startSpan('GET /page');
  await context.with(trace.setSpan(context.active(), span), work);
  span.end();
  return span.spanContext();
}

const fetched = async (path: string) => (await fetch(`${origin}${path}`)).text();
const clientSpans = () => exporter.getFinishedSpans().filter((span) => span.name !== 'GET /page');

describe('the spans of fetch calls', () => {
  it('makes a client span under the active span and sends its trace context', async () => {
    const parent = await inSpan(tracer, () => fetched('/api/downloads/secret-token?email=a@b.c'));
    const [span] = clientSpans();
    expect(span?.name).toBe('GET');
    expect(span?.parentSpanContext?.spanId).toBe(parent.spanId);
    expect(span?.spanContext().traceId).toBe(parent.traceId);
    expect(span?.attributes).toEqual({
      'http.request.method': 'GET',
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(origin).port),
      'http.response.status_code': 200,
    });
    expect(received[0]?.traceparent).toBe(`00-${parent.traceId}-${span?.spanContext().spanId}-01`);
    // The path and its query, which may carry a token or an address, are in no attribute.
    expect(JSON.stringify(span?.attributes)).not.toMatch(/secret-token|a@b\.c|downloads/);
  });

  it('makes the span under a span that records nothing but carries a kept trace on', async () => {
    // As Next.js's own spans do inside a kept request: its tracer records nothing.
    const parent = await inSpan(tracer, () => {
      const kept = trace.getSpanContext(context.active()) ?? INVALID_SPAN_CONTEXT;
      const nextSpan = trace.wrapSpanContext(kept);
      return context.with(trace.setSpan(context.active(), nextSpan), () => fetched('/page-data'));
    });
    expect(clientSpans()[0]?.spanContext().traceId).toBe(parent.traceId);
    expect(received[0]?.traceparent).toContain(parent.traceId);
  });

  it('marks a call answered 4xx or 5xx as failed', async () => {
    await inSpan(tracer, () => fetched('/missing'));
    expect(clientSpans()[0]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(clientSpans()[0]?.attributes['http.response.status_code']).toBe(404);
  });

  it('marks a refused call as failed', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await inSpan(tracer, () => fetch(`http://127.0.0.1:${port}/`).catch(() => undefined));
    const [span] = clientSpans();
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.attributes['server.port']).toBe(port);
  });

  it('makes no span and sends no trace context outside a span or in a trace not kept', async () => {
    await fetched('/outside');
    await inSpan(unsampled, () => fetched('/not-kept'));
    expect(clientSpans()).toEqual([]);
    expect(received.map((headers) => headers.traceparent)).toEqual([undefined, undefined]);
  });

  it('stops when asked', async () => {
    stop();
    try {
      await inSpan(tracer, () => fetched('/after-stop'));
      expect(clientSpans()).toEqual([]);
      expect(received[0]?.traceparent).toBeUndefined();
    } finally {
      stop = traceFetchCalls(tracer);
    }
  });
});
