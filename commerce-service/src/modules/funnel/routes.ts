import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { recordShopView, type FunnelDependencies } from './service.ts';

/**
 * The shop page's count of its own views (docs/product.md#sales-figures): a beacon without a
 * body, without a cookie read and without anything kept of who sent it, so it is counted
 * whatever the visitor chose for the ad pixel.
 */
export const funnelRoutes: ModuleRoutes<FunnelDependencies> = async (app, { deps }) => {
  app.post(
    '/api/funnel/shop-view',
    {
      schema: {
        summary: 'Counts one view of the shop page; nothing about the visitor is kept',
        response: { 204: z.null() },
      },
    },
    async (_request, reply) => {
      await recordShopView(deps);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
};
