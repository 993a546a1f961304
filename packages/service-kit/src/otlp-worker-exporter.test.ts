/**
 * The spans' export from a thread of its own: a batch reaches the collector as OTLP, a refusal
 * or an unreachable collector is reported as failed, and shutting down sends what is under way.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';
import { startOtlpReceiver, type OtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';
import { OtlpWorkerExporter } from './otlp-worker-exporter.ts';

let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

/** Spans made by a provider of their own, named as given. */
async function spansNamed(...names: string[]): Promise<ReadableSpan[]> {
  const memory = new InMemorySpanExporter();
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
  });
  for (const name of names) provider.getTracer('test').startSpan(name).end();
  await provider.forceFlush();
  return memory.getFinishedSpans();
}

const exported = (exporter: OtlpWorkerExporter, spans: ReadableSpan[]) =>
  new Promise<ExportResult>((resolve) => exporter.export(spans, resolve));

it("posts a batch to the collector and reports the collector's acceptance", async () => {
  const exporter = new OtlpWorkerExporter({ url: `${receiver.endpoint}/v1/traces`, headers: {} });
  try {
    const spans = await spansNamed('GET /api/products', 'SELECT sqlite');
    expect((await exported(exporter, spans)).code).toBe(ExportResultCode.SUCCESS);
    const received = await receiver.waitForSpan((span) => span.name === 'SELECT sqlite');
    expect(received.traceId).toBe(spans[1]?.spanContext().traceId);
    expect(receiver.spans.map((span) => span.name)).toContain('GET /api/products');
  } finally {
    await exporter.shutdown();
  }
});

it('reports a refusal and an unreachable collector as failed, saying which', async () => {
  let headersSeen: Record<string, unknown> = {};
  const refusing: Server = createServer((request, response) => {
    headersSeen = request.headers;
    request.resume();
    request.on('end', () => response.writeHead(503).end());
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const { port } = refusing.address() as AddressInfo;
  const spans = await spansNamed('POST /api/create-checkout-session');
  const refused = new OtlpWorkerExporter({
    url: `http://127.0.0.1:${port}/v1/traces`,
    headers: { 'x-api-key': 'collector-key' },
  });
  try {
    const result = await exported(refused, spans);
    expect(result.code).toBe(ExportResultCode.FAILED);
    expect(result.error?.message).toBe('the collector answered 503');
    // The owner's headers go along, and the body is OTLP's JSON.
    expect(headersSeen['x-api-key']).toBe('collector-key');
    expect(headersSeen['content-type']).toBe('application/json');
  } finally {
    await refused.shutdown();
    await new Promise((resolve) => refusing.close(resolve));
  }
  // The port is closed now: nothing answers there.
  const unreachable = new OtlpWorkerExporter({
    url: `http://127.0.0.1:${port}/v1/traces`,
    headers: {},
  });
  try {
    const result = await exported(unreachable, spans);
    expect(result.code).toBe(ExportResultCode.FAILED);
    expect(result.error?.message).toMatch(/^the collector could not be reached/);
  } finally {
    await unreachable.shutdown();
  }
});

it('sends the batch under way before it shuts down, and fails what comes after', async () => {
  const exporter = new OtlpWorkerExporter({ url: `${receiver.endpoint}/v1/traces`, headers: {} });
  const results: ExportResult[] = [];
  exporter.export(await spansNamed('sent at shutdown'), (result) => results.push(result));
  // Two waiting at once are both answered.
  await Promise.all([exporter.forceFlush(), exporter.shutdown()]);
  expect(results.map((result) => result.code)).toEqual([ExportResultCode.SUCCESS]);
  expect(receiver.spans.map((span) => span.name)).toContain('sent at shutdown');
  const late = await exported(exporter, await spansNamed('after shutdown'));
  expect(late.code).toBe(ExportResultCode.FAILED);
  expect(receiver.spans.map((span) => span.name)).not.toContain('after shutdown');
});
