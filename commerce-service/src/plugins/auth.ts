/**
 * Who is calling. Sign-in arrives with the auth module; until then nobody is an
 * administrator, so admin routes answer 401 to everyone and are never open.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export const authPlugin = fp(async (app) => {
  app.decorate('requireAdmin', async (_request: FastifyRequest, reply: FastifyReply) => {
    await reply.status(401).send({ error: 'Sign in with an administrator account to do this.' });
  });
});
