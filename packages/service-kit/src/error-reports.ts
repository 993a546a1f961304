/**
 * Reports a failure to a Sentry-compatible endpoint (Sentry, GlitchTip, Bugsink…) when a DSN
 * is configured (docs/reliability.md#telemetry-and-health, ADR 0032): one event in an
 * envelope, the error's type, message and stack, the service and the trace it happened in.
 * Nothing else from the request: no body, headers, cookies or addresses. A report that cannot
 * be sent is dropped; it never fails what reported it.
 */
import { z } from 'zod';
import { activeTraceIds } from './trace-ids.ts';

/** SENTRY_DSN: `https://<public key>@<host>/<project id>`, as the service's settings show it. */
export const sentryDsnSchema = z
  .url({ protocol: /^https?$/, error: 'must be a DSN such as https://<key>@<host>/<project id>' })
  .refine((dsn) => {
    const url = new URL(dsn);
    return url.username !== '' && /^\/(.+\/)?\d+$/.test(url.pathname);
  }, 'must be a DSN such as https://<key>@<host>/<project id>')
  .optional();

export interface ErrorReporter {
  /** Sends `error`; resolves once sent or given up (after 2 s), never rejects. */
  report(error: unknown, context?: { level?: 'error' | 'fatal'; route?: string }): Promise<void>;
}

const SEND_TIMEOUT_MS = 2_000;

/** A reporter for `dsn`, or one that sends nothing when no DSN is set. */
export function createErrorReporter(
  dsn: string | undefined,
  { service, environment }: { service: string; environment: string },
): ErrorReporter {
  if (!dsn) return { report: async () => undefined };
  const url = new URL(dsn);
  const projectPath = url.pathname.replace(/\/(\d+)$/, '');
  const projectId = /(\d+)$/.exec(url.pathname)?.[1] ?? '';
  const endpoint = `${url.protocol}//${url.host}${projectPath}/api/${projectId}/envelope/`;
  const auth = `Sentry sentry_version=7, sentry_key=${decodeURIComponent(url.username)}, sentry_client=aba-shop/1.0`;
  return {
    report: async (error, { level = 'error', route } = {}) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      // The Web Crypto API, which every runtime the services use has (Next's edge bundles too).
      const eventId = crypto.randomUUID().replaceAll('-', '');
      const traceIds = activeTraceIds();
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: 'node',
        level,
        environment,
        tags: { service, ...(route ? { route } : {}) },
        exception: {
          values: [
            {
              type: failure.name,
              value: failure.message,
              ...(failure.stack ? { stacktrace: { frames: framesOf(failure.stack) } } : {}),
            },
          ],
        },
        ...('trace_id' in traceIds
          ? { contexts: { trace: { trace_id: traceIds.trace_id, span_id: traceIds.span_id } } }
          : {}),
      };
      const envelope = [
        JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString() }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(event),
      ].join('\n');
      await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body: envelope,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      }).then(
        (response) => response.body?.cancel(),
        () => undefined,
      );
    },
  };
}

/** The stack's frames, outermost first as Sentry expects: `at fn (file:line:col)`. */
function framesOf(stack: string) {
  return stack
    .split('\n')
    .map((line) => /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, fn, file, line, column]) => ({
      function: fn ?? '?',
      filename: file,
      lineno: Number(line),
      colno: Number(column),
    }))
    .reverse();
}
