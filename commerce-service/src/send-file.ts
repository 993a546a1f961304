/**
 * Sends an opened file as HTTP answers a file: whole, or the part asked for (206 with its
 * Content-Range), as an attachment to save (a download) or inline (the library's reader and
 * player). The stream closes the descriptor when it ends, fails or is dropped (HEAD).
 */
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';

export interface OpenedFile {
  file: { contentType: string; downloadName: string };
  fd: number;
  size: number;
  range: { start: number; end: number } | null;
}

export function sendOpenedFile(
  reply: FastifyReply,
  { file, fd, size, range }: OpenedFile,
  disposition: 'attachment' | 'inline',
) {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.downloadName}"`)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store');
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(createReadStream('', { fd, ...range }));
  }
  reply.header('content-length', size);
  return reply.send(createReadStream('', { fd }));
}
