/**
 * Refuses state-changing requests that a browser sends from another site. Browsers add an
 * Origin header to every cross-origin POST, PUT, PATCH and DELETE; requests without one
 * (server-to-server calls such as Stripe's webhooks) are not a cross-site forgery.
 */
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const sameOriginPlugin = fp<{ allowedOrigins: string[] }>(
  async (app, { allowedOrigins }) => {
    const allowed = new Set(allowedOrigins);
    app.addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      if (SAFE_METHODS.has(request.method) || !origin || allowed.has(origin)) return done();
      reply.status(403).send({
        message: 'Requests from another site are not accepted.',
        error: 'Requests from another site are not accepted.',
      });
    });
  },
);
