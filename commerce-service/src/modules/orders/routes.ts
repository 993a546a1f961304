import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { checkoutSessionIdSchema, purchaseDetailSchema, purchasesSchema } from '@aba-shop/contract';
import { listPurchases, purchaseDetail, type OrdersDependencies } from './service.ts';
import { receiveStripeEvent } from './stripe-webhook.ts';

export const orderRoutes: ModuleRoutes<OrdersDependencies> = async (app, { deps }) => {
  app.get(
    '/api/products/purchase-detail',
    {
      schema: {
        summary: 'The products, download links and e-mail of a paid checkout session',
        querystring: z.object({ sessionId: checkoutSessionIdSchema }),
        response: {
          200: purchaseDetailSchema,
          404: failureBodySchema.message,
          409: failureBodySchema.message,
          410: failureBodySchema.message,
        },
      },
    },
    async (request) => purchaseDetail(deps, request.query.sessionId),
  );

  app.get(
    '/api/me/purchases',
    {
      // The account page reads `{ error }`, like the sign-in routes.
      config: { errorBody: 'error' },
      schema: {
        summary:
          "The signed-in user's orders (by purchase e-mail) with fresh download links and subscriptions",
        response: { 200: purchasesSchema, 401: failureBodySchema.error },
      },
    },
    async (request) => listPurchases(deps, await app.currentUser(request)),
  );

  // Only Stripe calls a webhook.
  if (deps.provider.name !== 'stripe') return;

  // Stripe signs the exact bytes it sent, so this route keeps the body raw.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      '/api/webhooks/stripe',
      { schema: { hide: true }, config: { rateLimit: false } },
      async (request) =>
        receiveStripeEvent(
          deps,
          {
            payload: request.body as Buffer,
            signature: String(request.headers['stripe-signature'] ?? ''),
          },
          request.log,
        ),
    );
  });
};
