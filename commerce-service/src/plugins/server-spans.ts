/**
 * The span of every request the service answers (docs/reliability.md#telemetry-and-health),
 * made by the shop rather than by the HTTP instrumentation, which cost too much for the
 * telemetry budget (docs/performance.md, "Telemetry"). The span starts as the request arrives,
 * before Fastify routes it, so that every log line of the request carries its trace id, and is
 * named after the route template once Fastify has found it. Used only when traces are exported.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import fp from 'fastify-plugin';
import { answerInServerSpan, type ServerSpan } from '@aba-shop/service-kit/tracing';

export function serverSpans() {
  const spans = new WeakMap<IncomingMessage, ServerSpan>();

  const serverFactory: FastifyServerFactory = (handler) =>
    createServer((request, response) => {
      answerInServerSpan('commerce-service', request, response, (span) => {
        if (span) spans.set(request, span);
        handler(request, response);
      });
    });

  const plugin = fp(async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      spans.get(request.raw)?.route(request.routeOptions.url ?? 'unmatched');
      done();
    });
  });
  return { serverFactory, plugin };
}
