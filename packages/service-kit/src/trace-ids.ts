/**
 * The trace of the code running now, for log lines (docs/reliability.md#telemetry-and-health):
 * the OpenTelemetry API only, so a logger can ask without loading the SDK (./tracing.ts).
 */
import { trace, type Span } from '@opentelemetry/api';
import { activeContext } from './shop-context.ts';

/** The trace and span of the code running now, for a log line; none outside a trace. */
export function activeTraceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span: Span | undefined = trace.getSpan(activeContext());
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  // An unsampled span's ids lead to nothing in the backend; a log line is better without them.
  return traceFlags & 1 ? { trace_id: traceId, span_id: spanId } : {};
}

/** A W3C `traceparent`: version, trace id, the caller's span id, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The trace a caller's request belongs to, from its `traceparent` header, for the log lines of
 * a service that makes no spans of its own (the CMS): the caller's span is the line's parent.
 * None when the header is missing, malformed or of a trace not kept.
 */
export function callerTraceIds(
  traceparent: string | undefined,
): { trace_id: string; parent_span_id: string } | Record<string, never> {
  const [, traceId, spanId, flags] = TRACEPARENT.exec(traceparent?.trim() ?? '') ?? [];
  if (!traceId || !spanId || !flags || (Number.parseInt(flags, 16) & 1) === 0) return {};
  return { trace_id: traceId, parent_span_id: spanId };
}
