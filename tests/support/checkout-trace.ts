/**
 * What a checkout's trace must show (docs/reliability.md#telemetry-and-health): the commerce
 * service's span of `POST /api/create-checkout-session` has a storefront span for its parent,
 * and its database queries' spans are in the same trace.
 */
import type { ReceivedSpan } from '@aba-shop/test-kit/otlp-receiver';

export const isCheckoutSpan = (span: ReceivedSpan) =>
  span.service === 'commerce-service' && span.name === 'POST /api/create-checkout-session';

/** Whether the received spans hold a checkout so traced; the queries' texts, for a closer look. */
export function checkoutTrace(spans: ReceivedSpan[]) {
  const created = spans.find(isCheckoutSpan);
  const inTrace = spans.filter((span) => span.traceId === created?.traceId);
  const queries = inTrace.filter(
    (span) => span.service === 'commerce-service' && !!span.attributes['db.system.name'],
  );
  return {
    storefrontParent: inTrace.some(
      (span) => span.service === 'storefront' && span.spanId === created?.parentSpanId,
    ),
    queries: queries.map((span) => String(span.attributes['db.query.text'])),
  };
}
