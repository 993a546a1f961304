import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { readiness, type HealthDependencies } from './service.ts';

const statusSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** /healthz: the process answers. /readyz: it can also read and write its database. */
export const healthRoutes: ModuleRoutes<HealthDependencies> = async (app, { deps }) => {
  app.get('/healthz', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      const status = await readiness(deps);
      if (status === 'ok') return { status };
      request.log.warn('not ready: the database cannot be reached or written');
      // One of the two error replies written by hand: a probe's answer, read by its status,
      // whose body is the probe's own `{ status }`; the request itself is not refused.
      return reply.status(503).send({ status });
    },
  );
};
