/**
 * A service told to keep no share of the traces it would start (OTEL_TRACES_SAMPLER_ARG=0)
 * starts none, yet still continues every trace a caller began and kept
 * (docs/reliability.md#telemetry-and-health): a server answering through answerInServerSpan,
 * exporting to a stand-in OTLP receiver.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startOtlpReceiver, type OtlpReceiver } from '@aba-shop/test-kit/otlp-receiver';
import { answerInServerSpan, startTracing, type Tracing } from './tracing.ts';

let receiver: OtlpReceiver;
let tracing: Tracing | null;
let server: Server;
let origin: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  tracing = startTracing({
    serviceName: 'share-test',
    endpoint: receiver.endpoint,
    sampleRatio: 0,
  });
  server = createServer((request, response) =>
    answerInServerSpan('share-test', request, response, (span) => {
      span?.route('/hello');
      response.end(span ? 'traced' : 'untraced');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await receiver.close();
});

it('starts no trace of its own, and continues a kept one a caller began', async () => {
  const own = await fetch(`${origin}/hello`);
  expect(await own.text()).toBe('untraced');
  const traceId = 'c1b2c3d4e5f60718293a4b5c6d7e8f92';
  const continued = await fetch(`${origin}/hello`, {
    headers: { traceparent: `00-${traceId}-3122334455667788-01` },
  });
  expect(await continued.text()).toBe('traced');
  // A caller's trace that was not kept stays so.
  const dropped = await fetch(`${origin}/hello`, {
    headers: { traceparent: `00-d1b2c3d4e5f60718293a4b5c6d7e8f93-4122334455667788-00` },
  });
  expect(await dropped.text()).toBe('untraced');

  await tracing?.shutdown();
  const span = await receiver.waitForSpan((received) => received.traceId === traceId);
  expect(span).toMatchObject({ name: 'GET /hello', parentSpanId: '3122334455667788' });
  expect(receiver.spans.map((received) => received.traceId)).toEqual([traceId]);
});
