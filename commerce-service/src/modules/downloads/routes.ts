import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describeFile, type Books } from './assets.ts';
import { parseByteRange } from './byte-range.ts';
import { countDownload, findEntitlement } from './repository.ts';
import { resendDownloadLinks } from './service.ts';
import { verifyDownloadToken } from './signing.ts';

const messageSchema = z.object({ message: z.string() });

/** The file's size in bytes, or null when it is not there. */
function sizeOf(filePath: string): number | null {
  try {
    return statSync(filePath).size;
  } catch {
    return null;
  }
}

export const downloadRoutes: FastifyPluginAsyncZod<{ books: Books }> = async (app, { books }) => {
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
      const nowSeconds = Math.floor(Date.now() / 1000);
      const check = verifyDownloadToken(
        request.params.token,
        app.config.DOWNLOAD_SIGNING_SECRET,
        nowSeconds,
      );
      if (!check.ok) {
        return reply.status(403).send({
          message:
            'This download link is not valid. Please use the link from your e-mail, or ask for a new one.',
        });
      }
      if (check.expired) {
        return reply.status(410).send({
          message:
            'This download link has expired. Ask for fresh links on the thank-you page or write to support.',
        });
      }
      const entitlement = await findEntitlement(app.db, check.grant.entitlementId);
      if (!entitlement || entitlement.file_key !== check.grant.fileKey) {
        return reply.status(403).send({
          message:
            'This download link is not valid. Please use the link from your e-mail, or ask for a new one.',
        });
      }
      if (entitlement.revoked_at) {
        return reply.status(403).send({
          message: 'This purchase has been refunded, so its downloads are no longer available.',
        });
      }
      const file = describeFile(entitlement.file_key, books);
      if (!file)
        return reply
          .status(404)
          .send({ message: 'This file is no longer available. Please contact support.' });
      // The key is validated (letters, digits, hyphens, one extension), so it stays in the folder.
      const filePath = path.join(app.config.ASSETS_DIR, file.key);
      const size = sizeOf(filePath);
      if (size === null) {
        // A live shop checks its files at start; one removed since is the owner's to restore.
        request.log.error({ file: file.key }, 'a purchased file is missing from ASSETS_DIR');
        return reply.status(503).send({
          message:
            'This file cannot be downloaded right now. Please try again later or write to support.',
        });
      }
      const range = parseByteRange(request.headers.range, size);

      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ message: 'The requested range is outside the file.' });
      }
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.downloadName}"`)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, no-store');
      // A download counts once, not once per seek of an audio player.
      if (!range || range.start === 0) await countDownload(app.db, entitlement.id);
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(createReadStream(filePath, range));
      }
      reply.header('content-length', size);
      return reply.send(createReadStream(filePath));
    },
  );

  app.post(
    '/api/downloads/resend',
    {
      schema: {
        summary: 'E-mails fresh download links for every purchase of an address',
        body: z.object({ email: z.email().max(320) }),
        response: { 202: messageSchema },
      },
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      await resendDownloadLinks(app.db, app.config, books, request.body.email.toLowerCase());
      // The same answer whether or not the address bought anything.
      return reply.status(202).send({
        message:
          'If this address has purchases, an e-mail with fresh download links is on its way.',
      });
    },
  );
};
