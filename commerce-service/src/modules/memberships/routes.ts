import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { portalSessionSchema } from '@aba-shop/contract';
import { openMembershipPortal, type MembershipsDependencies } from './service.ts';

export const membershipRoutes: ModuleRoutes<MembershipsDependencies> = async (app, { deps }) => {
  app.post(
    '/api/me/membership/portal',
    {
      // The account page reads `{ error }`, as from /api/me/purchases.
      config: { errorBody: 'error', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary:
          "Where the signed-in member manages their membership: Stripe's customer portal, or the test checkout's own page",
        response: {
          200: portalSessionSchema,
          401: failureBodySchema.error,
          404: failureBodySchema.error,
        },
      },
    },
    async (request) => openMembershipPortal(deps, await app.currentUser(request)),
  );
};
