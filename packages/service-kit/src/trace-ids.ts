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
