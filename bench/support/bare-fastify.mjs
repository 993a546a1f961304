/**
 * Child process for bench/commerce.mjs: the floor to compare with, a bare Fastify route that
 * answers a fixed JSON body (the catalogue as the real route answers it) with nothing else.
 */
import Fastify from 'fastify';

const body = JSON.parse(process.env.BODY ?? '[]');
const app = Fastify({ logger: false });
app.get('/api/products', async () => body);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
