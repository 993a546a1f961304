import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
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
    async (request, reply) => {
      const { file, fd, size, range } = await openDownload(
        deps,
        {
          token: request.params.token,
          range: request.headers.range,
          headOnly: request.method === 'HEAD',
        },
        request.log,
      );
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.downloadName}"`)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store');
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        // The stream closes the descriptor when it ends, fails or is dropped (HEAD).
        return reply.send(createReadStream('', { fd, ...range }));
      }
      reply.header('content-length', size);
      return reply.send(createReadStream('', { fd }));
    },
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
