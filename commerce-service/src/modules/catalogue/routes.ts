import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productListSchema } from './schemas.ts';
import { listProducts } from './service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products', { schema: { response: { 200: productListSchema } } }, async () =>
    listProducts(app.db),
  );
};
