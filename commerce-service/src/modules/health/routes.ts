import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** /healthz: the process answers. /readyz: it can also reach its database. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
