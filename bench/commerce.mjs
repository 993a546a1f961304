#!/usr/bin/env node
/**
 * Load figures for the commerce service (run `npm run build` first, then
 * `node bench/commerce.mjs`): GET /api/products and checkout creation on the local provider,
 * beside a bare Fastify JSON route serving the same body, in the same run. Each server is its
 * own process; autocannon drives them from this one.
 */
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { forkServer } from './support/fork-server.mjs';

assertSupportedNode();

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function startServer(script, env) {
  const server = await forkServer(script, env);
  await server.ready;
  return server;
}

function load(options) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
}

function figures(result) {
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const commerce = await startServer('commerce-server.mjs', {});
const catalogue = await (await fetch(`${commerce.url}/api/products`)).text();
const bare = await startServer('bare-fastify.mjs', { BODY: catalogue });

try {
  // Warm both up so the JIT and the SQLite page cache are in the same state.
  await load({ url: `${bare.url}/api/products`, duration: 2 });
  await load({ url: `${commerce.url}/api/products`, duration: 2 });

  const bareResult = figures(await load({ url: `${bare.url}/api/products` }));
  const productsResult = figures(await load({ url: `${commerce.url}/api/products` }));
  const checkoutResult = figures(
    await load({
      url: `${commerce.url}/api/create-checkout-session`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        products: [
          { productId: 'ebook-aba-for-parents', quantity: 1 },
          { productId: 'ebook-aba-case-studies', quantity: 2 },
        ],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      }),
    }),
  );

  const row = (name, { rps, p99, errors }) =>
    `  ${name.padEnd(40)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${String(p99).padStart(4)} ms   errors ${errors}`;
  console.log(
    `\nCommerce service, ${CONNECTIONS} connections, ${SECONDS} s each, SQLite, 2 cores shared with the load generator:`,
  );
  console.log(row('bare Fastify JSON route (same body)', bareResult));
  console.log(row('GET /api/products', productsResult));
  console.log(row('POST /api/create-checkout-session (local)', checkoutResult));
  console.log(
    `\n  products / bare route: ${(productsResult.rps / bareResult.rps).toFixed(2)} (target >= 0.70)`,
  );
  console.log(`  checkout sessions per second: ${checkoutResult.rps.toFixed(0)} (target >= 1000)`);
} finally {
  commerce.stop();
  bare.stop();
}
