/**
 * The trace a request to a service that makes no spans of its own (the CMS) belongs to, for its
 * log lines (docs/reliability.md#telemetry-and-health): read from the caller's `traceparent`
 * alone, with no OpenTelemetry package.
 */

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
