import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  checkoutModeSchema,
  checkoutSessionIdSchema,
  createCheckoutSessionBodySchema,
  createCheckoutSessionResponseSchema,
  embeddedCheckoutSchema,
} from '@aba-shop/contract';
import {
  checkoutMode,
  createCheckoutSession,
  embeddedCheckout,
  type CheckoutDependencies,
} from './service.ts';

export const checkoutRoutes: ModuleRoutes<CheckoutDependencies> = async (app, { deps }) => {
  app.post(
    '/api/create-checkout-session',
    {
      schema: {
        summary: 'Starts a checkout for catalogue products; prices come from the catalogue only',
        body: createCheckoutSessionBodySchema,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(255).optional() }),
        response: { 200: createCheckoutSessionResponseSchema, 400: failureBodySchema.message },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      createCheckoutSession(deps, request.body, request.headers['idempotency-key']),
  );

  app.get(
    '/api/checkout/mode',
    {
      schema: {
        summary: 'Whether buyers are charged: live, test (a staging shop) or development',
        response: { 200: checkoutModeSchema },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({ mode: checkoutMode(deps) }),
  );

  // Only a shop on embedded Stripe Checkout sends buyers to its pay page.
  if (deps.config.STRIPE_CHECKOUT_UI !== 'embedded' || !deps.provider.embeddedSession) return;
  app.get(
    '/api/checkout/embedded-session',
    {
      schema: {
        summary:
          "What the storefront's pay page mounts Stripe's embedded Checkout with, while the session can be paid",
        querystring: z.object({ sessionId: checkoutSessionIdSchema }),
        response: {
          200: embeddedCheckoutSchema,
          404: failureBodySchema.message,
          409: failureBodySchema.message,
        },
      },
      // Each call asks Stripe.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      // The client secret opens this buyer's payment: never kept by a cache.
      reply
        .header('cache-control', 'no-store')
        .send(await embeddedCheckout(deps, request.query.sessionId)),
  );
};
