/**
 * OpenTelemetry tracing for the shop's Node services (docs/reliability.md#telemetry-and-health,
 * ADR 0032): spans of the HTTP requests a service makes (node:http, and fetch through undici)
 * and of those it answers (made by the service itself: `startServerSpan`, or Next.js's own),
 * W3C trace context passed on to the next service, exported by OTLP over HTTP to the endpoint
 * the service was given, and nowhere without one. Started before the service loads its HTTP
 * framework, so the instrumentation sees the modules as they load.
 */
import {
  context,
  propagation,
  SpanKind,
  ROOT_CONTEXT,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';
import type { EventEmitter } from 'node:events';
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
  SamplingDecision,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace';

/**
 * At most this many traces a second are started by one process (where a trace starts: a
 * buyer's request to the storefront, a call to the commerce service without a trace). A shop
 * of this size keeps every trace; a flood of requests (a crawler, an attack, a load test) does
 * not make tracing the heaviest work of the process (docs/performance.md, "Telemetry").
 */
export const NEW_TRACES_PER_SECOND = 20;

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
    sampler: new ParentBasedSampler({
      root: new CappedSampler(
        new TraceIdRatioBasedSampler(sampleRatio ?? 1),
        NEW_TRACES_PER_SECOND,
      ),
    }),
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
        // The requests a service answers get the span it makes itself (startServerSpan, or
        // Next.js's): the instrumentation's wrapping of every incoming request, with its dozen
        // attributes, halved the throughput of a cheap route (docs/performance.md, "Telemetry").
        disableIncomingRequestInstrumentation: true,
        // A request the service makes on its own (a probe, the mail worker's SMTP) is no trace.
        requireParentforOutgoingSpans: true,
      }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  return { shutdown: () => provider.shutdown() };
}

/**
 * Keeps what `sampler` keeps, but at most `perSecond` a second on average, with bursts of up to
 * that many (a token bucket refilled as time passes).
 */
export class CappedSampler implements Sampler {
  private readonly sampler: Sampler;
  private readonly perSecond: number;
  private tokens: number;
  private refilledAt = performance.now();

  constructor(sampler: Sampler, perSecond: number) {
    this.sampler = sampler;
    this.perSecond = perSecond;
    this.tokens = perSecond;
  }

  shouldSample(...args: Parameters<Sampler['shouldSample']>): SamplingResult {
    const result = this.sampler.shouldSample(...args);
    if (result.decision !== SamplingDecision.RECORD_AND_SAMPLED) return result;
    const now = performance.now();
    this.tokens = Math.min(
      this.perSecond,
      this.tokens + ((now - this.refilledAt) / 1000) * this.perSecond,
    );
    this.refilledAt = now;
    if (this.tokens < 1) return { decision: SamplingDecision.NOT_RECORD };
    this.tokens -= 1;
    return result;
  }

  toString() {
    return `CappedSampler{${this.sampler.toString()}, at most ${this.perSecond}/s}`;
  }
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

/** The span of one request a service answers. */
export interface ServerSpan {
  /** Whether the trace is kept: a request whose trace is not need not run in the span at all. */
  recording: boolean;
  /**
   * Runs `work` in the span's context, and so do the listeners `emitters` are given from now
   * on (a request's body arrives in events from the socket, outside `work`): the spans of the
   * calls made meanwhile are this span's children.
   */
  run<T>(work: () => T, ...emitters: EventEmitter[]): T;
  /** Names the span after the route template (`GET /api/orders/:id`) once it is known. */
  route(template: string): void;
  /** Ends the span with the answer's status code; a 5xx marks it failed. Ends it once only. */
  end(statusCode: number): void;
}

/**
 * Starts the server span of a request as it arrives, continuing the caller's trace when its
 * headers carry one (W3C trace context). Without tracing it is a span that records nothing.
 */
export function startServerSpan(
  tracerName: string,
  request: { method: string; path: string; headers: Record<string, unknown> },
): ServerSpan {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const span = trace.getTracer(tracerName).startSpan(
    request.method,
    {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': request.method, 'url.path': request.path },
    },
    parent,
  );
  const spanContext = trace.setSpan(parent, span);
  let ended = false;
  return {
    recording: span.isRecording(),
    run(work, ...emitters) {
      for (const emitter of emitters) context.bind(spanContext, emitter);
      return context.with(spanContext, work);
    },
    route(template) {
      span.setAttribute('http.route', template);
      span.updateName(`${request.method} ${template}`);
    },
    end(statusCode) {
      if (ended) return;
      ended = true;
      span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
