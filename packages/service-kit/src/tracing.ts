/**
 * OpenTelemetry tracing for the shop's Node services (docs/reliability.md#telemetry-and-health,
 * ADR 0032): spans of the HTTP requests a service answers and makes (node:http, and fetch
 * through undici), W3C trace context passed on to the next service, exported by OTLP over
 * HTTP to the endpoint the service was given, and nowhere without one. Started before the
 * service loads its HTTP framework, so the instrumentation sees the modules as they load.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** Probes and scrapes say nothing a trace needs, and would be most of them. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/_health', '/api/health']);

export interface TracingSettings {
  /** service.name in every span (`commerce-service`, `storefront`, `cms`). */
  serviceName: string;
  endpoint: string | undefined;
  headers?: Record<string, string> | undefined;
  /**
   * The share of traces kept where a trace starts here (OTEL_TRACES_SAMPLER_ARG); a request
   * that comes with a trace keeps its caller's decision. Every trace when absent.
   */
  sampleRatio?: number | undefined;
}

export interface Tracing {
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

/** Starts tracing when an endpoint is set; null, and nothing started, without one. */
export function startTracing({
  serviceName,
  endpoint,
  headers,
  sampleRatio,
}: TracingSettings): Tracing | null {
  if (!endpoint) return null;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(sampleRatio ?? 1) }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({
          url: new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href,
          headers: headers ?? {},
        }),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
        // A request the service makes on its own (a probe, the mail worker's SMTP) is no trace.
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}

/**
 * Runs `work` in a client span of the tracer `tracerName` (a call to another system: a
 * database query) under the span running now, marked failed when it throws; outside a span,
 * or without tracing, it just runs.
 */
export function inClientSpan<T>(
  tracerName: string,
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  // Work outside a request (migrations, the mail worker's polling) would each be a trace of
  // its own, mostly noise: only a request's calls are traced.
  // A request whose trace is not kept (sampling) makes no span for its calls either.
  if (!trace.getActiveSpan()?.isRecording()) return work();
  return trace
    .getTracer(tracerName)
    .startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
}

/**
 * Names the server span of the request being answered after its route template
 * (`GET /api/orders/:id`): the HTTP instrumentation knows the method only.
 */
export function nameServerSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttribute('http.route', route);
  span.updateName(`${method} ${route}`);
}
