/**
 * The service's Prometheus metrics (docs/reliability.md#telemetry-and-health): request rate,
 * errors and duration per route template, the process's own figures, and the shop's gauges,
 * served on their own listener at METRICS_PORT, which the public front never routes. Without
 * METRICS_PORT nothing is measured per request and nothing listens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { RouteDurations } from './route-durations.ts';

/** The routes other systems call with news: a refusal or failure there is a lost event. */
const WEBHOOK_ROUTES = new Set(['/api/webhooks/stripe', '/api/member-content/published']);

export interface ShopMetrics {
  registry: Registry;
  /** Seconds one PDF took to stamp. */
  stampingSeconds: Histogram;
  /** Webhook calls refused or failed since the process started. */
  webhookFailures: () => number;
  /** Counts a webhook call that was refused or failed. */
  countWebhookFailure: (route: string) => void;
}

export function createShopMetrics(): ShopMetrics {
  const registry = new Registry();
  const stampingSeconds = new Histogram({
    name: 'shop_pdf_stamping_seconds',
    help: 'Seconds one PDF took to stamp with its buyer',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'shop_webhook_failures_total',
    help: 'Webhook calls this process refused or failed (4xx or 5xx), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  let failureCount = 0;
  return {
    registry,
    stampingSeconds,
    webhookFailures: () => failureCount,
    countWebhookFailure: (route) => {
      failureCount += 1;
      failures.inc({ route });
    },
  };
}

/** Serves the registry at GET /metrics, and nothing else. */
export function serveMetrics(registry: Registry): Server {
  return createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Only GET /metrics is served here' }));
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'The metrics could not be collected' }));
      },
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener's address once the app is ready with METRICS_PORT, else null. */
    metricsAddress: () => AddressInfo | null;
  }
}

export const metricsPlugin = fp<{
  config: Pick<Config, 'HOST' | 'METRICS_PORT'>;
  metrics: ShopMetrics;
}>(async (app, { config, metrics }) => {
  let server: Server | undefined;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);

  const measured = config.METRICS_PORT !== undefined;
  const duration = measured
    ? new RouteDurations(
        [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        metrics.registry,
      )
    : undefined;
  if (measured) collectDefaultMetrics({ register: metrics.registry });

  // A callback, not an async function: every request passes here, and a promise each is a cost
  // the telemetry budget counts (docs/performance.md, "Telemetry").
  app.addHook('onResponse', (request, reply, done) => {
    // The template (`/api/orders/:id`), never the path itself: one series per route.
    const route = request.routeOptions.url ?? 'unmatched';
    if (reply.statusCode >= 400 && WEBHOOK_ROUTES.has(route)) metrics.countWebhookFailure(route);
    duration?.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (!measured) return;
  // Ready rather than on listen, whose hooks Fastify does not wait for: a port taken stops the start.
  app.addHook('onReady', async () => {
    const listener = serveMetrics(metrics.registry);
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(config.METRICS_PORT, config.HOST, () => resolve());
    });
    server = listener;
  });
  app.addHook('onClose', async () => {
    if (server) await new Promise((resolve) => server?.close(resolve));
  });
});
