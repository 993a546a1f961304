/**
 * Child process for the benchmarks: the built commerce service on a fresh SQLite file,
 * without rate limits (they would turn the load into 429s), listening on PORT.
 * bench/checkouts.mjs passes more configuration as JSON in BENCH_COMMERCE_ENV (a PostgreSQL
 * database, the fake Stripe, a mail folder shared by the replicas) and BENCH_MAIL_WORKER=on to
 * send queued mail on a timer as the real server does. Read from two named variables, not the
 * whole environment, so a DATABASE_URL in the caller's shell cannot redirect a benchmark.
 * With OTEL_EXPORTER_OTLP_ENDPOINT in BENCH_COMMERCE_ENV, tracing starts before the app is
 * loaded, as the service's own entry point starts it (bench/telemetry.mjs).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../commerce-service/dist/config.js';

const passed = JSON.parse(process.env.BENCH_COMMERCE_ENV ?? '{}');
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'off',
  // A fresh folder only when the caller names none, so that none is left behind empty.
  DATA_DIR: passed.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'commerce-bench-')),
  DOWNLOAD_SIGNING_SECRET: 'bench-only-download-signing-secret-000000',
  BETTER_AUTH_SECRET: 'bench-only-better-auth-secret-00000000000',
  ...passed,
});
if (config.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('@aba-shop/service-kit/tracing');
  startTracing({
    serviceName: 'commerce-service',
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
  });
}
// Loaded after tracing starts: the HTTP instrumentation patches node:http as Fastify loads it.
const { buildApp } = await import('../../commerce-service/dist/app.js');
const app = await buildApp(config, { runJobs: process.env.BENCH_MAIL_WORKER === 'on' });
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
