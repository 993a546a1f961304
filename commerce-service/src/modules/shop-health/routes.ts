import { shopHealthSchema } from '@aba-shop/contract';
import type { ModuleRoutes } from '../../module-routes.ts';
import { shopHealth, type ShopHealthDependencies } from './service.ts';

/**
 * The console's status panel (docs/product.md#shop-health). Administrators only, checked on
 * request before anything is read; failures are `{ error }` in Italian, as the admin pages
 * show them (src/failure-texts.ts).
 */
const config = { errorBody: 'error', errorLanguage: 'it' } as const;

export const shopHealthRoutes: ModuleRoutes<ShopHealthDependencies> = async (app, { deps }) => {
  app.get(
    '/api/admin/health',
    {
      onRequest: app.requireAdmin,
      config,
      schema: {
        summary:
          "The shop's health: mail outbox, webhooks, last CMS publish, Redis, CMS and the stamped-PDF cache's disk",
        response: { 200: shopHealthSchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'private, no-store').send(await shopHealth(deps)),
  );
};
