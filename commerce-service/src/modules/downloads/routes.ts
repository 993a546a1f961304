import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import { sendOpenedFile } from '../../send-file.ts';
import { openDownload, resendDownloadLinks, type DownloadsDependencies } from './service.ts';

export const downloadRoutes: ModuleRoutes<DownloadsDependencies> = async (app, { deps }) => {
  app.get(
    '/api/downloads/:token',
    {
      schema: {
        summary: 'Streams a purchased file through its signed, expiring link',
        params: z.object({ token: z.string().min(1).max(1024) }),
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendOpenedFile(
        reply,
        await openDownload(
          deps,
          {
            token: request.params.token,
            range: request.headers.range,
            headOnly: request.method === 'HEAD',
            client: {
              ip: request.ip || null,
              userAgent: request.headers['user-agent'] ?? null,
            },
          },
          request.log,
        ),
        'attachment',
      ),
  );

  app.post(
    '/api/downloads/resend',
    {
      schema: {
        summary: 'E-mails fresh download links for every purchase of an address',
        body: z.object({ email: z.email().max(320) }),
        response: { 202: failureBodySchema.message },
      },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await resendDownloadLinks(deps, request.body.email);
      // The same answer whether or not the address bought anything.
      return reply.status(202).send({
        message:
          'If this address has purchases, an e-mail with fresh download links is on its way.',
      });
    },
  );
};
