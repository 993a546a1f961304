/**
 * Refuses state-changing requests that a browser sends from another site, as Origin,
 * Sec-Fetch-Site or Referer says; a request with none of them is no browser's forgery (ADR 0008).
 * GET routes that change something (logging out) opt in with `config: { sameOriginOnly: true }`.
 */
import fp from 'fastify-plugin';
import type { IncomingHttpHeaders } from 'node:http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refuse cross-site requests to this route even for GET (it changes state). */
    sameOriginOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `none`: the user typed the address or used a bookmark, which no other site can cause. */
const SAME_SITE_FETCHES = new Set(['same-origin', 'none']);

const REFUSAL = 'Requests from another site are not accepted.';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether the request's own headers say a page of another site sent it. */
export function isCrossSite(headers: IncomingHttpHeaders, allowedOrigins: Set<string>): boolean {
  const { origin, referer } = headers;
  const fetchSite = headers['sec-fetch-site'];
  // `Origin: null` (sandboxed frames, some redirects) is not an allowed origin either.
  if (origin !== undefined) return !allowedOrigins.has(origin);
  if (fetchSite !== undefined) return !SAME_SITE_FETCHES.has(String(fetchSite));
  if (referer !== undefined) return !allowedOrigins.has(originOf(referer) ?? '');
  return false;
}

export const sameOriginPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    app.addHook('onRequest', (request, reply, done) => {
      const guarded =
        !SAFE_METHODS.has(request.method) || request.routeOptions.config?.sameOriginOnly === true;
      if (!guarded || !isCrossSite(request.headers, allowed)) return done();
      reply.status(403).send({ message: REFUSAL, error: REFUSAL });
    });
  },
);
