import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureBodySchema } from '../../plugins/errors.ts';
import { sendOpenedFile } from '../../send-file.ts';
import { libraryBuyer, libraryCookieName, type LibraryDependencies } from '../library/service.ts';
import {
  announceMemberResources,
  MEMBER_CONTENT_SECRET_HEADER,
  openMemberFile,
  receiveMemberContentSignal,
  type MemberContentDependencies,
} from './service.ts';

/** How often members are e-mailed what a lost signal from the CMS missed. */
const ANNOUNCE_INTERVAL_MS = 10 * 60_000;

/** The CMS's webhook carries the whole entry, a long transcript included. */
const SIGNAL_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export interface MemberContentRoutesOptions {
  deps: MemberContentDependencies & LibraryDependencies;
  /** E-mails new resources at start and then periodically (the server does, as with mail). */
  announcePeriodically?: boolean;
}

const id = z.string().regex(/^[\w-]{1,64}$/);

/**
 * The member resources (docs/product.md#member-resources): their files for the members the
 * library knows, and the CMS's signal of a publication. The periodic e-mailing of what a lost
 * signal missed runs here too, on a timer beside the mail worker's.
 */
export const memberContentRoutes: FastifyPluginAsyncZod<MemberContentRoutesOptions> = async (
  app,
  { deps, announcePeriodically = false },
) => {
  const cookieName = libraryCookieName(deps.config);

  app.get(
    '/api/library/member-files/:resourceId/:fileId',
    {
      schema: {
        summary:
          "A member resource's file for a member the library knows: inline, by ranges, a worksheet stamped for them",
        params: z.object({ resourceId: id, fileId: id }),
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // Whom the library opens for: signed in, or this device's library link.
      const buyer = await libraryBuyer(deps, {
        user: await app.currentUser(request),
        cookie: request.cookies[cookieName],
      });
      const opened = await openMemberFile(
        deps,
        { email: buyer.email, ...request.params, range: request.headers.range },
        request.log,
      );
      return sendOpenedFile(reply, opened, 'inline');
    },
  );

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
      const header = request.headers[MEMBER_CONTENT_SECRET_HEADER];
      const announced = await receiveMemberContentSignal(
        deps,
        typeof header === 'string' ? header : undefined,
        { event: request.body.event, model: request.body.model },
      );
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
