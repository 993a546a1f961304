/**
 * Passes a request on to another service and brings its answer back, as a reverse proxy does.
 * When the service cannot be reached, the browser gets the caller's 503 answer: Next's own
 * rewrite would send a bare 500 'Internal Server Error' instead.
 */
import { readBodyUpTo } from './read-body';
import { serverLog } from '@/lib/server-log';

/** Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are never passed on. */
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
];

/** Set by fetch itself for the new connection: the target's host, the body's length. */
const SET_BY_FETCH = ['host', 'content-length', 'accept-encoding'];
/**
 * The trace context, which the tracing (docs/reliability.md#telemetry-and-health) sets for
 * this call from the span it runs in: a copy of the incoming one would be sent beside it, and
 * the service would read neither.
 */
const SET_BY_TRACING = ['traceparent', 'tracestate'];

/** What fetch says went wrong: the socket's error code under its 'fetch failed'. */
function failure(error: unknown): string {
  const { cause } = (error ?? {}) as { cause?: unknown };
  const reason = (cause ?? error ?? {}) as { code?: unknown; message?: unknown };
  return String(reason.code ?? reason.message ?? reason);
}

/** How long the service may take to start answering; Next's rewrites allow 30 s as well. */
export const ANSWER_TIMEOUT_MS = 30_000;

export interface ForwardOptions {
  timeoutMs?: number;
  /**
   * The largest body the service reads, and the answer to a larger one. The proxy answers it
   * itself: passed on, the service's early refusal races the upload, and a client whose upload
   * is cut off would see the service as down (503) instead of its own request as too large.
   */
  bodyLimit?: { bytes: number; tooLarge: () => Response };
}

export async function forwardRequest(
  request: Request,
  target: URL,
  unavailable: () => Response,
  { timeoutMs = ANSWER_TIMEOUT_MS, bodyLimit }: ForwardOptions = {},
): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of [...HOP_BY_HOP, ...SET_BY_FETCH, ...SET_BY_TRACING]) headers.delete(name);
  headers.set('x-forwarded-host', request.headers.get('host') ?? new URL(request.url).host);
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const read = await readBodyUpTo(request, bodyLimit?.bytes ?? Number.POSITIVE_INFINITY);
    if (read === null) return (bodyLimit as NonNullable<typeof bodyLimit>).tooLarge();
    body = read;
  }

  // Only the wait for the answer's head is limited: a long download may take its time.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  let answer: Response;
  try {
    answer = await fetch(target, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: timeout.signal,
      cache: 'no-store',
    });
  } catch (error) {
    const reason = timeout.signal.aborted ? `no answer within ${timeoutMs} ms` : failure(error);
    // The path is not logged: a download link carries its token in it.
    serverLog.error(`${target.origin} did not answer a ${request.method} request: ${reason}`);
    return unavailable();
  } finally {
    clearTimeout(timer);
  }

  const answerHeaders = new Headers(answer.headers);
  for (const name of HOP_BY_HOP) answerHeaders.delete(name);
  // fetch has already decoded a compressed body, so its encoding and length no longer hold.
  if (answerHeaders.has('content-encoding')) {
    answerHeaders.delete('content-encoding');
    answerHeaders.delete('content-length');
  }
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answerHeaders,
  });
}
