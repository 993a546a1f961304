/**
 * The OTLP exporter's settings as every service reads them (zod only, so a service's config
 * can check them without loading the tracing SDK, which ./tracing.ts starts).
 */
import { z } from 'zod';

/**
 * OTEL_EXPORTER_OTLP_HEADERS as the OpenTelemetry specification writes it,
 * `key=value,key=value` (a hosted service's API key): parsed, never logged.
 */
export const otlpHeadersSchema = z
  .string()
  .transform((text, context) => {
    const headers: Record<string, string> = {};
    for (const pair of text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      const at = pair.indexOf('=');
      const key = pair.slice(0, at).trim();
      if (at < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) {
        context.addIssue({
          code: 'custom',
          message: 'must be a comma-separated list of header=value (e.g. x-api-key=…)',
        });
        return z.NEVER;
      }
      headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
    }
    return headers;
  })
  .optional();

/** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base address; traces go to its /v1/traces. */
export const otlpEndpointSchema = z
  .url({
    protocol: /^https?$/,
    error: 'must be an http:// or https:// URL, e.g. http://otel-collector:4318',
  })
  .optional();

/**
 * The share of traces kept when nobody upstream decided, unless OTEL_TRACES_SAMPLER_ARG says:
 * every one, which a shop of this size can afford; a busy one lowers it (docs/performance.md,
 * "Telemetry").
 */
export const DEFAULT_TRACE_SAMPLE_RATIO = 1;

/**
 * OTEL_TRACES_SAMPLER_ARG, as the OpenTelemetry specification names it: the share of requests
 * whose trace is kept, 0 to 1, decided where a trace starts (the storefront) and followed by
 * the services it calls (docs/reliability.md#telemetry-and-health).
 */
export const traceSampleRatioSchema = z.preprocess(
  // Set but empty (`OTEL_TRACES_SAMPLER_ARG=` in a file) is unset, not a share of 0.
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'must be a number from 0 to 1, e.g. 0.1 to keep one trace in ten' })
    .min(0, 'must be a number from 0 to 1, e.g. 0.1 to keep one trace in ten')
    .max(1, 'must be a number from 0 to 1, e.g. 0.1 to keep one trace in ten')
    .default(DEFAULT_TRACE_SAMPLE_RATIO),
);
