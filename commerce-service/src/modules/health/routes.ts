import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** /healthz: the process answers. /readyz: it can also read and write its database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      if (await app.databaseReady()) return { status: 'ok' as const };
      request.log.warn('not ready: the database cannot be reached or written');
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );
};
