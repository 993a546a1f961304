/**
 * The context and the propagator of the shop's traces (docs/reliability.md#telemetry-and-health,
 * ADR 0037): set by startTracing (./tracing.ts), read by all that joins a trace (the span of a
 * request answered, the spans of fetch calls, a log line's ids). The OpenTelemetry API only, so
 * that a logger can ask without loading the SDK.
 *
 * They are the process's global ones only where an OpenTelemetry instrumentation needs them to
 * be (the commerce service's node:http calls). In the storefront they are the shop's alone: the
 * global API that Next.js traces itself through keeps its no-op context and propagator, so Next
 * answers every request, kept or not, exactly as with telemetry off (docs/performance.md,
 * "Telemetry"). Kept on `globalThis`, so that every copy of this package a process loads sees
 * the same (Next.js builds one into the storefront's server bundle). Unset (no tracing), the
 * global API's.
 */
import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  propagation,
  ROOT_CONTEXT,
  type Context,
  type ContextManager,
  type TextMapPropagator,
} from '@opentelemetry/api';

export interface ShopContext {
  manager: ContextManager;
  propagator: TextMapPropagator;
}

const SLOT: unique symbol = Symbol.for('@aba-shop/service-kit/shop-context');
const holder = globalThis as typeof globalThis & { [SLOT]?: ShopContext };

/** Makes `shop` the context and propagator of the shop's traces; undefined: none. */
export function setShopContext(shop: ShopContext | undefined): void {
  holder[SLOT] = shop;
}

const contexts = () => holder[SLOT]?.manager ?? context;

/** The context of the code running now. */
export const activeContext = (): Context => contexts().active();

/** Runs `work` in `entered`. */
export const withContext = <T>(entered: Context, work: () => T): T =>
  contexts().with(entered, work);

/** The trace context a request's headers carry (W3C trace context); the root context without. */
export function extractContext(headers: Record<string, string | string[] | undefined>): Context {
  const shop = holder[SLOT];
  return shop
    ? shop.propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter)
    : propagation.extract(ROOT_CONTEXT, headers);
}

/** Adds the trace context of `entered` to `headers`, for the next service. */
export function injectContext(entered: Context, headers: Record<string, string>): void {
  const shop = holder[SLOT];
  if (shop) shop.propagator.inject(entered, headers, defaultTextMapSetter);
  else propagation.inject(entered, headers);
}
