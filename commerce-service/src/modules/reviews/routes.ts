import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { reviewBodySchema, reviewRequestSchema, reviewResponseSchema } from '@aba-shop/contract';
import { reviewRequestOf, submitReview, type ReviewsDependencies } from './service.ts';

/** The review form of verified buyers (docs/product.md#keeping-in-touch). */
export const reviewRoutes: ModuleRoutes<ReviewsDependencies> = async (app, { deps }) => {
  app.get(
    '/api/reviews/request',
    {
      schema: {
        summary: "What the review form shows for a review request's one-time link",
        querystring: z.object({ token: z.string().min(1, 'token is required').max(1024) }),
        response: {
          200: reviewRequestSchema,
          400: failureBodySchema.message,
          404: failureBodySchema.message,
          410: failureBodySchema.message,
        },
      },
    },
    async (request) => reviewRequestOf(deps, request.query.token),
  );

  app.post(
    '/api/reviews',
    {
      schema: {
        summary: 'A verified buyer’s review: stored, then waits for approval in the CMS',
        body: reviewBodySchema,
        response: {
          201: reviewResponseSchema,
          400: failureBodySchema.message,
          404: failureBodySchema.message,
          409: failureBodySchema.message,
          410: failureBodySchema.message,
          429: failureBodySchema.message,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const message = await submitReview(deps, request.body, request.log);
      return reply.status(201).send({ message });
    },
  );
};
