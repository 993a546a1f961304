/**
 * The span of every request the service answers (docs/reliability.md#telemetry-and-health),
 * made by the shop rather than by the HTTP instrumentation, which cost too much for the
 * telemetry budget (docs/performance.md, "Telemetry"). The span starts as the request arrives,
 * before Fastify routes it, so that every log line of the request carries its trace id, and is
 * named after the route template once Fastify has found it. Used only when traces are exported.
 */
import { createServer, type IncomingMessage, type ServerOptions } from 'node:http';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { answerInServerSpan, type ServerSpan } from '@aba-shop/service-kit/tracing';

export function serverSpans() {
  const spans = new WeakMap<IncomingMessage, ServerSpan>();

  const serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    // Fastify's options, its defaults filled in.
    const options = fastifyOptions as Required<
      Pick<
        FastifyServerOptions,
        'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout' | 'maxRequestsPerSocket'
      >
    > & { http?: ServerOptions };
    const server = createServer(options.http ?? {}, (request, response) => {
      answerInServerSpan('commerce-service', request, response, (span) => {
        if (span) spans.set(request, span);
        handler(request, response);
      });
    });
    // What Fastify sets on a server it makes itself, and leaves to a factory's: without it the
    // keep-alive fell to Node's 5 s with tracing on, under the front's own keep-alive
    // (docker/nginx/shop.conf), which may then send a request on a connection being closed.
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  const plugin = fp(async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      spans.get(request.raw)?.route(request.routeOptions.url ?? 'unmatched');
      done();
    });
  });
  return { serverFactory, plugin };
}
