import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  cmsSecretOf,
  receiveMemberContentSignal,
  type MemberContentDependencies,
} from './service.ts';

/** The CMS's webhook carries the whole entry, a long transcript included. */
const SIGNAL_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * The member resources (docs/product.md#member-resources): the CMS's signal of a publication.
 * What a lost signal missed is e-mailed by one of the shop's jobs (src/jobs.ts). Members open
 * the resources in the library (library/routes.ts).
 */
export const memberContentRoutes: ModuleRoutes<MemberContentDependencies> = async (
  app,
  { deps },
) => {
  app.post(
    '/api/member-content/published',
    {
      bodyLimit: SIGNAL_BODY_LIMIT_BYTES,
      schema: {
        summary:
          "The CMS's webhook (with MEMBER_CONTENT_SECRET): a member resource published, unpublished or deleted, or a file replaced",
        body: z.looseObject({
          event: z.string().min(1).max(100),
          model: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({ announced: z.number().int() }),
          400: failureBodySchema.message,
          401: failureBodySchema.message,
        },
      },
    },
    async (request) => {
      const announced = await receiveMemberContentSignal(deps, cmsSecretOf(request.headers), {
        event: request.body.event,
        model: request.body.model,
      });
      return { announced };
    },
  );
};
