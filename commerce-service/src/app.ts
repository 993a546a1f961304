/** Builds the Fastify app: cross-cutting plugins first, then the feature modules. */
import Fastify, { type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { seedCatalogue } from './modules/catalogue/service.ts';
import { healthRoutes } from './modules/health/routes.ts';

export async function buildApp(config: Config, options: FastifyServerOptions = {}) {
  const app = Fastify({
    bodyLimit: 64 * 1024,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      // Readable lines while developing; JSON lines everywhere else.
      ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
    },
    ...options,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(helmet, { contentSecurityPolicy: false });
  await app.register(cors, { origin: new URL(config.STOREFRONT_URL).origin, credentials: true });
  await app.register(dbPlugin, { config });
  await seedCatalogue(app.db);

  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  return app;
}
