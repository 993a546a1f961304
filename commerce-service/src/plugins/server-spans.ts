/**
 * The span of every request the service answers (docs/reliability.md#telemetry-and-health),
 * made here rather than by the HTTP instrumentation, which cost too much for the telemetry
 * budget (docs/performance.md, "Telemetry"). The span starts as the request arrives, before
 * Fastify routes it, so that every log line of the request carries its trace id; it is named
 * after the route template once Fastify has found it, and ends when the answer is sent or the
 * client goes. Used only when traces are exported.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import fp from 'fastify-plugin';
import { startServerSpan, type ServerSpan } from '@aba-shop/service-kit/tracing';

/** Probes say nothing a trace needs, and would be most of the traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz']);

export function serverSpans() {
  const spans = new WeakMap<IncomingMessage, ServerSpan>();

  const serverFactory: FastifyServerFactory = (handler) =>
    createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (UNTRACED_PATHS.has(path)) return handler(request, response);
      const span = startServerSpan('commerce-service', {
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
      });
      // Not kept (sampling): answered as without tracing, at no further cost.
      if (!span.recording) return handler(request, response);
      spans.set(request, span);
      // A client that goes away before the answer gets none: 499, as proxies log it.
      response.once('close', () => span.end(response.writableFinished ? response.statusCode : 499));
      // Fastify reads the body in the request's events, and logs the answer in the response's:
      // bound, they run in the span's context too.
      span.run(() => handler(request, response), request, response);
    });

  const plugin = fp(async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      spans.get(request.raw)?.route(request.routeOptions.url ?? 'unmatched');
      done();
    });
  });
  return { serverFactory, plugin };
}
