/**
 * Spans of the calls a service makes through fetch, and the W3C trace context sent with each
 * (docs/reliability.md#telemetry-and-health), read from the diagnostics channels that Node's
 * fetch (undici) publishes for every request. Only a call made inside a kept trace gets a span
 * and a `traceparent`; any other costs one look at the active context. ADR 0037 says why this
 * is the shop's own code rather than the OpenTelemetry undici instrumentation.
 *
 * What a span says of its call: the method, the host and port, the status; never the path or
 * the query, which may carry a download token or an address.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import {
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { activeContext, injectContext } from './shop-context.ts';

/**
 * Whether a context is in a kept trace: its span's context says sampled, whether or not that
 * span records (a span of the global no-op tracer, made inside a kept trace, carries the kept
 * span's context on).
 */
const isInKeptTrace = (active: Context) =>
  ((trace.getSpanContext(active)?.traceFlags ?? TraceFlags.NONE) & TraceFlags.SAMPLED) !== 0;

/** What undici's channels give of a request: the part read here. */
interface UndiciRequest {
  origin: string;
  method: string;
  addHeader(name: string, value: string): unknown;
}

/** Traces the process's fetch calls with `tracer` until the function it returns is called. */
export function traceFetchCalls(tracer: Tracer): () => void {
  const spans = new WeakMap<object, Span>();

  const created = (message: unknown) => {
    const { request } = message as { request: UndiciRequest };
    const active = activeContext();
    if (!isInKeptTrace(active) || request.method === 'CONNECT') return;
    const { protocol, hostname, port } = new URL(request.origin);
    const span = tracer.startSpan(
      request.method,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'server.address': hostname,
          'server.port': Number(port || (protocol === 'https:' ? 443 : 80)),
        },
      },
      active,
    );
    const headers: Record<string, string> = {};
    injectContext(trace.setSpan(active, span), headers);
    for (const [name, value] of Object.entries(headers)) request.addHeader(name, value);
    spans.set(request, span);
  };

  const answered = (message: unknown) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
  };

  const finished = (message: unknown) => {
    const { request } = message as { request: object };
    spans.get(request)?.end();
    spans.delete(request);
  };

  const failed = (message: unknown) => {
    const { request, error } = message as { request: object; error: Error };
    spans.get(request)?.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    finished(message);
  };

  // undici's channels (its "Diagnostics Channel" page), in the order a call passes them.
  const listeners: [string, (message: unknown) => void][] = [
    ['undici:request:create', created],
    ['undici:request:headers', answered],
    ['undici:request:trailers', finished],
    ['undici:request:error', failed],
  ];
  for (const [channel, listener] of listeners) subscribe(channel, listener);
  return () => {
    for (const [channel, listener] of listeners) unsubscribe(channel, listener);
  };
}
