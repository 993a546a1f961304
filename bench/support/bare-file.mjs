/**
 * Child process for bench/stamping.mjs: the floor to compare with, a bare Fastify route that
 * streams one file from disk (FILE) with nothing else, as the download route streams a copy.
 */
import { createReadStream, statSync } from 'node:fs';
import Fastify from 'fastify';

const file = process.env.FILE;
const { size } = statSync(file);
const app = Fastify({ logger: false });
app.get('/file.pdf', (request, reply) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-length', size)
    .send(createReadStream(file)),
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
