import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { productListSchema } from '@aba-shop/contract';
import { etagOf, listProducts, type CatalogueDependencies } from './service.ts';

export const catalogueRoutes: ModuleRoutes<CatalogueDependencies> = async (app, { deps }) => {
  // The catalogue changes only when the service restarts (it is seeded from a data file), so
  // the answer is built once: the route then costs no query, no validation, no hashing.
  const products = productListSchema.parse(await listProducts(deps));
  const body = Buffer.from(JSON.stringify(products));
  const etag = etagOf(products);

  app.get(
    '/api/products',
    {
      schema: {
        summary: 'The catalogue: every product with its price in cents',
        response: { 200: productListSchema, 304: z.undefined() },
      },
    },
    async (request, reply) => {
      // Prices change rarely; a short max-age keeps a change visible within a minute.
      reply.header('cache-control', 'public, max-age=30, stale-while-revalidate=60');
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(undefined);
      // Already serialised and checked against the schema above; sent as it is.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
