import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  announceMemberResources,
  cmsSecretOf,
  receiveMemberContentSignal,
  type MemberContentDependencies,
} from './service.ts';

/** How often members are e-mailed what a lost signal from the CMS missed. */
const ANNOUNCE_INTERVAL_MS = 10 * 60_000;

/** The CMS's webhook carries the whole entry, a long transcript included. */
const SIGNAL_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export interface MemberContentRoutesOptions {
  deps: MemberContentDependencies;
  /** E-mails new resources at start and then periodically (the server does, as with mail). */
  announcePeriodically?: boolean;
}

/**
 * The member resources (docs/product.md#member-resources): the CMS's signal of a publication,
 * and the periodic e-mailing of what a lost signal missed, on a timer beside the mail worker's.
 * Members open the resources in the library (library/routes.ts).
 */
export const memberContentRoutes: FastifyPluginAsyncZod<MemberContentRoutesOptions> = async (
  app,
  { deps, announcePeriodically = false },
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

  if (!announcePeriodically || !deps.config.MEMBER_CONTENT_SECRET) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let passing = false;
  const announce = () => {
    // A slow CMS can make a pass outlast the interval: one pass at a time per instance.
    if (passing) return;
    passing = true;
    running = announceMemberResources(deps)
      .then((announced) => {
        if (announced > 0) app.log.info({ announced }, 'member resources e-mailed');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'member resources not e-mailed now'))
      .finally(() => (passing = false));
  };
  app.addHook('onReady', async () => {
    announce();
    timer = setInterval(announce, ANNOUNCE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
