import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from './schemas.js';
import { listProducts } from './service.js';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products',
    { schema: { response: { 200: productListSchema } } },
    async () => listProducts(app.db),
  );
};
