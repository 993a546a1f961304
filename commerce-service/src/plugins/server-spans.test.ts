/**
 * The server the request spans are made on (server-spans.ts) is the server Fastify would have
 * made: with tracing on, its connections are kept as long, and its requests timed the same.
 */
import { createTestApp, type TestApp } from '../test-support/app.ts';

/** The settings of the app's HTTP server that decide how long connections and requests last. */
async function serverSettingsWith(env: Record<string, string>) {
  const t: TestApp = await createTestApp(env);
  try {
    const { keepAliveTimeout, requestTimeout, timeout, maxRequestsPerSocket } = t.app.server;
    return { keepAliveTimeout, requestTimeout, timeout, maxRequestsPerSocket };
  } finally {
    await t.close();
  }
}

it("keeps Fastify's connection and request settings when requests are answered in spans", async () => {
  const untraced = await serverSettingsWith({});
  const traced = await serverSettingsWith({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9/' });
  // Fastify's own keep-alive, not Node's 5 s.
  expect(untraced.keepAliveTimeout).toBe(72_000);
  expect(traced).toEqual(untraced);
});
