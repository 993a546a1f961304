import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  checkoutModeSchema,
  createCheckoutSessionBodySchema,
  createCheckoutSessionResponseSchema,
} from './schemas.ts';
import { checkoutMode, createCheckoutSession, type CheckoutDependencies } from './service.ts';

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
};
