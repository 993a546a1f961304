/**
 * Helmet's security headers on every answer, plus the request id. Helmet decides the headers
 * once, at start (they do not depend on the request); each request then only copies them,
 * which keeps the hot routes close to the speed of a bare Fastify route. HSTS is the one that
 * depends on the request: only an answer that travels over TLS may carry it, so it is added
 * when the request came over https (directly, or as the trusted proxy in front says).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The headers helmet sets with the given options, captured from a stand-in response. */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | string[]) => {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, response, () => {});
  return Object.fromEntries(headers);
}

export const securityHeadersPlugin = fp(async (app) => {
  // A JSON API: pages it serves (the test checkout) set their own content security policy.
  // Framing is refused outright, as on the storefront's pages.
  const headers = helmetHeaders({
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
  const hsts = helmetHeaders({})['strict-transport-security'] ?? 'max-age=31536000';
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    reply.header('x-request-id', request.id);
    done();
  });
});
