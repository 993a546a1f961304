/**
 * OpenTelemetry tracing for the shop's Node services (docs/reliability.md#telemetry-and-health,
 * ADRs 0032, 0037 and 0039): spans of the HTTP requests a service makes (through fetch:
 * fetch-spans.ts; through node:http, where the service asks for them) and of those it answers
 * (made by the service itself: `answerInServerSpan`),
 * W3C trace context passed on to the next service, exported by OTLP over HTTP to the endpoint
 * the service was given, and nowhere without one. Started before the service loads its HTTP
 * framework, so the instrumentation sees the modules as they load.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventLoopUtilization } from 'node:perf_hooks';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { traceFetchCalls } from './fetch-spans.ts';
import { OtlpWorkerExporter } from './otlp-worker-exporter.ts';
import { activeContext, extractContext, setShopContext, withContext } from './shop-context.ts';
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
const NEW_TRACES_PER_SECOND = 20;

/**
 * While a process is saturated (its event loop busy for at least `SATURATED` of the last
 * second), it starts at most one new trace every 10 s instead. At the limit of its throughput
 * a process's kept traces cost it far more than their own work (docs/performance.md,
 * "Telemetry"); the few kept there still show what a request does under that load, and the
 * traces its callers began are continued as ever.
 */
const NEW_TRACES_PER_SECOND_SATURATED = 0.1;
const SATURATED = 0.9;

/** Probes say nothing a trace needs, and would be most of the traces: the commerce service's. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz']);

/** A request's path, without its query. */
export const pathOf = (url: string | undefined) => (url ?? '').split('?')[0] ?? '';

/** The provider startTracing made; the shop's own spans come from it. */
let shopTracerProvider: TracerProvider | undefined;
/** Its cap on new traces, which answerInServerSpan asks before making anything. */
let newTraces: CappedSampler | undefined;
const tracer = (name: string) => (shopTracerProvider ?? trace.getTracerProvider()).getTracer(name);

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
  /**
   * Whether the calls the service makes through node:http get spans (the Stripe SDK's), besides
   * those through fetch (default true). OpenTelemetry's instrumentation of node:http hooks every
   * `require()` of the process, which then resolves each module it is asked for once more, and
   * it reads the trace's context through the global OpenTelemetry API, so the shop's context
   * and propagator become the process's global ones (shop-context.ts). A service that calls out
   * only through fetch and runs a framework that traces itself through that API (the
   * storefront: Next.js, which also loads modules on every request) leaves it off
   * (docs/performance.md, "Telemetry").
   */
  nodeHttpCalls?: boolean;
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
  nodeHttpCalls = true,
}: TracingSettings): Tracing | null {
  if (!endpoint) return null;
  newTraces = new CappedSampler(
    new TraceIdRatioBasedSampler(sampleRatio ?? 1),
    // A share of 0 starts no trace: said as a cap of 0, every request that comes without a
    // trace is answered on the cheapest path instead of making a span only to drop it.
    sampleRatio === 0 ? 0 : NEW_TRACES_PER_SECOND,
    { perSecond: NEW_TRACES_PER_SECOND_SATURATED, saturated: eventLoopSaturated(SATURATED) },
  );
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    sampler: new ParentBasedSampler({ root: newTraces }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OtlpWorkerExporter({
          url: new URL('v1/traces', endpoint.endsWith('/') ? endpoint : `${endpoint}/`).href,
          headers: headers ?? {},
        }),
      }),
    ],
  });
  const shopContext = {
    manager: new AsyncLocalStorageContextManager().enable(),
    propagator: new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  };
  setShopContext(shopContext);
  // Not registered as the global provider: Next.js would then take every request through its
  // own spans, whether kept or not, which cost a third of a cached page's throughput
  // (docs/performance.md, "Telemetry"). The shop's spans and the instrumentation use it
  // directly.
  shopTracerProvider = provider;
  if (nodeHttpCalls) {
    context.setGlobalContextManager(shopContext.manager);
    propagation.setGlobalPropagator(shopContext.propagator);
    registerInstrumentations({
      tracerProvider: provider,
      instrumentations: [
        new HttpInstrumentation({
          // The requests a service answers get the span it makes itself (answerInServerSpan):
          // the instrumentation's wrapping of every incoming request, with its dozen
          // attributes, halved the throughput of a cheap route (docs/performance.md,
          // "Telemetry").
          disableIncomingRequestInstrumentation: true,
          // A request the service makes on its own (a probe, the mail worker's SMTP) is no trace.
          requireParentforOutgoingSpans: true,
        }),
      ],
    });
  }
  const stopTracingFetch = traceFetchCalls(provider.getTracer('@aba-shop/service-kit/fetch-spans'));
  return {
    shutdown: async () => {
      stopTracingFetch();
      await provider.shutdown();
      shopTracerProvider = undefined;
      newTraces = undefined;
      setShopContext(undefined);
    },
  };
}

/** Whether the process has been saturated since it was last asked. */
export type Saturation = () => boolean;

/**
 * Saturated: the event loop busy for at least `threshold` of the time since the last question
 * (Node's event loop utilisation). The first question starts the measure, so the work of a
 * process's start is not counted as load.
 */
export function eventLoopSaturated(threshold: number): Saturation {
  let since: EventLoopUtilization | undefined;
  return () => {
    const now = performance.eventLoopUtilization();
    const busy = since
      ? performance.eventLoopUtilization(now, since).utilization >= threshold
      : false;
    since = now;
    return busy;
  };
}

/**
 * Keeps what `sampler` keeps, but at most `perSecond` a second on average, with bursts of up to
 * that many (a token bucket refilled as time passes). Given `whenSaturated`, the process's load
 * is read at most once a second, and while it is saturated the bucket refills at that rate
 * instead and holds at most one trace.
 */
export class CappedSampler implements Sampler {
  private readonly sampler: Sampler;
  private readonly perSecond: number;
  private readonly whenSaturated: { perSecond: number; saturated: Saturation } | undefined;
  /** The refill a second and the most the bucket holds, as of the last reading of the load. */
  private rate: number;
  private most: number;
  private tokens: number;
  private refilledAt = performance.now();
  private loadReadAt = -Infinity;

  constructor(
    sampler: Sampler,
    perSecond: number,
    whenSaturated?: { perSecond: number; saturated: Saturation },
  ) {
    this.sampler = sampler;
    this.perSecond = perSecond;
    this.whenSaturated = whenSaturated;
    this.rate = perSecond;
    this.most = perSecond;
    this.tokens = perSecond;
  }

  shouldSample(...args: Parameters<Sampler['shouldSample']>): SamplingResult {
    const result = this.sampler.shouldSample(...args);
    if (result.decision !== SamplingDecision.RECORD_AND_SAMPLED) return result;
    if (!this.mayKeep()) return { decision: SamplingDecision.NOT_RECORD };
    this.tokens -= 1;
    return result;
  }

  /** Whether one more trace may be kept now (spending nothing). */
  mayKeep(): boolean {
    const now = performance.now();
    if (this.whenSaturated && now - this.loadReadAt >= 1000) {
      const saturated = this.whenSaturated.saturated();
      // Never more than the cap: a share of 0 stays 0 under load.
      this.rate = saturated
        ? Math.min(this.perSecond, this.whenSaturated.perSecond)
        : this.perSecond;
      this.most = saturated ? Math.min(this.perSecond, 1) : this.perSecond;
      this.loadReadAt = now;
    }
    this.tokens = Math.min(this.most, this.tokens + ((now - this.refilledAt) / 1000) * this.rate);
    this.refilledAt = now;
    return this.tokens >= 1;
  }

  toString() {
    return `CappedSampler{${this.sampler.toString()}, at most ${this.perSecond}/s${this.whenSaturated ? `, ${this.whenSaturated.perSecond}/s saturated` : ''}}`;
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
  const active = activeContext();
  if (!trace.getSpan(active)?.isRecording()) return work();
  const span = tracer(tracerName).startSpan(name, { kind: SpanKind.CLIENT, attributes }, active);
  return withContext(trace.setSpan(active, span), async () => {
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

/** The span of one request a service answers, named after its route once that is known. */
export interface ServerSpan {
  /** Names the span after the route template (`GET /api/orders/:id`, `GET /blog/[slug]`). */
  route(template: string): void;
}

/**
 * Answers a request in its server span, started as it arrives and continuing the caller's trace
 * when its headers carry one (W3C trace context); the span ends when the answer is sent (a 5xx
 * marks it failed) or the client goes (499). `answer` is given the span, to name it once the
 * route is known; a probe, or a request whose trace is not kept (sampling), is answered outside
 * any span, at no further cost, and `answer` is given null. Without tracing every request is
 * such a one. The span is entered in the shop's context (shop-context.ts): where that is not the
 * process's global one (the storefront), the framework answering (Next.js) sees no span at all
 * and answers as without tracing, while what the shop's code reads (its fetch calls, its log
 * lines) joins the trace. The request and the response are not bound to the span (their
 * listeners would run in its context): the servers that answer carry the context past their
 * listeners themselves (Fastify, for a body and for the answer's end) or read no trace in
 * them (Next.js), and binding adds methods to those two objects, which a kept request would
 * carry through every path of the server (docs/performance.md, "Telemetry"; ADR 0039).
 */
export function answerInServerSpan(
  tracerName: string,
  request: IncomingMessage,
  response: ServerResponse,
  answer: (span: ServerSpan | null) => void,
): void {
  // A request that would start a trace when no more may start is answered at once: the
  // cheapest path, the one most requests take under load, asked first.
  if (newTraces && !request.headers.traceparent && !newTraces.mayKeep()) return answer(null);
  const path = pathOf(request.url);
  if (UNTRACED_PATHS.has(path)) return answer(null);
  const method = request.method ?? 'GET';
  const parent = extractContext(request.headers);
  const span = tracer(tracerName).startSpan(
    method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': method,
        'url.path': path,
      },
    },
    parent,
  );
  if (!span.isRecording()) return answer(null);
  response.once('close', () => {
    // A client that goes away before the answer gets none: 499, as proxies log it.
    const status = response.writableFinished ? response.statusCode : 499;
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  const spanContext = trace.setSpan(parent, span);
  const named: ServerSpan = {
    route(template) {
      span.setAttribute('http.route', template);
      span.updateName(`${method} ${template}`);
    },
  };
  withContext(spanContext, () => answer(named));
}
