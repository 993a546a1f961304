import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * A feature module's routes: a plugin that app.ts registers with the one dependencies object
 * it builds for every module, of which the module's service declares the part it uses.
 */
export type ModuleRoutes<Dependencies> = FastifyPluginAsyncZod<{ deps: Dependencies }>;
