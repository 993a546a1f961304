#!/usr/bin/env node
/**
 * Load figures for the whole shop (issue 8), against the production build on 127.0.0.1 as
 * `npm start` runs it. Run after `npm run build`: `npm run bench:load`.
 *
 * 1. The mix: LOAD_SECONDS (60) at LOAD_CONNECTIONS (200) through the storefront, in turn the
 *    home page, the shop, the blog list, a blog post, the products API and a checkout created
 *    on the local provider. Each request names another buyer in X-Forwarded-For, as the proxy
 *    in front of the shop does; the load generator is that proxy, so the storefront believes
 *    it from loopback (`TRUSTED_PROXIES`) and passes it on, and the commerce service believes
 *    the storefront (`TRUST_PROXY`): the per-visitor limits stay on, as in production, without
 *    one visitor's limit being the ceiling. Prints requests/s, p50/p99 and every answer that
 *    is not 2xx/3xx; the target is none, and the exit code is 1 otherwise.
 * 2. Cached pages beside a bare Next.js page with nothing in it, beside a bare Next.js app
 *    serving the same HTML as a static route, and beside nginx serving the same HTML when nginx
 *    is installed (the machine's limit): PAGE_SECONDS (15) each at PAGE_CONNECTIONS (100), one
 *    server at a time, in PAGE_ROUNDS (3) rounds that take the servers in turn, so that a change
 *    in the machine's speed during the run touches each alike. The ratio's target is >= 0.8 of
 *    the bare Next.js page.
 *
 * With LOAD_REDIS_URL set, the storefront keeps its page and data cache in that Redis, as
 * replicas do (docs/scaling.md), instead of its own memory and disk: the cost of sharing it.
 *
 * The load generator shares the machine's cores with the servers it measures.
 */
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { startBareNextApp } from './support/bare-next.mjs';
import { hasNginx, startNginx } from './support/static-nginx.mjs';

assertSupportedNode();
const { startStack } = await import('../tests/support/stack.ts');

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const LOAD_CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const PAGE_SECONDS = Number(process.env.PAGE_SECONDS ?? 15);
const PAGE_ROUNDS = Number(process.env.PAGE_ROUNDS ?? 3);
const PAGE_CONNECTIONS = Number(process.env.PAGE_CONNECTIONS ?? 100);
const RATIO_TARGET = 0.8;

/** Another buyer address for every request, from 198.18.0.0/15 (RFC 2544, for benchmarks). */
let buyer = 0;
const nextBuyer = () => {
  buyer += 1;
  return `198.18.${(buyer >> 8) & 255}.${buyer & 255}`;
};

function summary(result) {
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures,
    detail: `${result.non2xx} non-2xx/3xx, ${result.errors} errors, ${result.timeouts} timeouts`,
  };
}

/** Runs autocannon and counts the answers by status, so a failure says what it was. */
async function load(options) {
  const statuses = new Map();
  const errors = new Map();
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  const instance = autocannon(options);
  instance.on('response', (_client, statusCode) => count(statuses, statusCode));
  instance.on('reqError', (error) => count(errors, error.code ?? error.message));
  const result = await instance;
  return { ...summary(result), statuses, errors };
}

async function theMix(base) {
  const posts = await (await fetch(`${base}/api/blogposts`)).json();
  if (!Array.isArray(posts) || posts.length === 0) throw new Error('The CMS has no blog post');
  const checkout = JSON.stringify({
    products: [
      { productId: 'ebook-aba-for-parents', quantity: 1 },
      { productId: 'ebook-aba-case-studies', quantity: 1 },
    ],
    successRouter: '/checkout/success',
    cancelRouter: '/checkout/cancel',
  });
  const asBuyer = (request) => ({
    ...request,
    headers: { ...request.headers, 'x-forwarded-for': nextBuyer() },
  });
  const requests = [
    { path: '/' },
    { path: '/shop' },
    { path: '/blog' },
    { path: `/blog/${posts[0].slug}` },
    { path: '/api/products' },
    {
      path: '/api/create-checkout-session',
      method: 'POST',
      // The storefront refuses cross-site state changes; the buyer's browser sends its origin.
      headers: { 'content-type': 'application/json', origin: base },
      body: checkout,
    },
  ].map((request) => ({ ...request, setupRequest: asBuyer }));
  // Every page once, so the mix measures the shop as visitors find it, not its first renders.
  for (const { path: page } of requests.slice(0, 5)) await fetch(`${base}${page}`);
  return load({
    url: base,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    requests,
    timeout: 10,
  });
}

const WARM_UP_SECONDS = 3;

/**
 * Loads each URL (name → URL) in turn, PAGE_ROUNDS times for PAGE_SECONDS in all, after a short
 * warm-up of each so that every server is measured with its code compiled. Returns each URL's
 * rounds taken together, and its requests/s in each round.
 */
async function loadInTurn(urls) {
  const options = { connections: PAGE_CONNECTIONS, timeout: 10 };
  for (const url of Object.values(urls)) await load({ ...options, url, duration: WARM_UP_SECONDS });
  const rounds = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
  for (let round = 0; round < PAGE_ROUNDS; round += 1) {
    for (const [name, url] of Object.entries(urls)) {
      rounds[name].push(await load({ ...options, url, duration: PAGE_SECONDS / PAGE_ROUNDS }));
    }
  }
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    Object.entries(rounds).map(([name, results]) => [
      name,
      {
        rps: results.reduce((sum, result) => sum + result.rps, 0) / results.length,
        p50: median(results.map((result) => result.p50)),
        p99: Math.max(...results.map((result) => result.p99)),
        failures: results.reduce((sum, result) => sum + result.failures, 0),
        detail: results.map((result) => result.detail).join('; '),
        perRound: results.map((result) => result.rps),
      },
    ]),
  );
}

const row = (name, { rps, p50, p99, failures, detail }) =>
  `  ${name.padEnd(44)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${String(p50).padStart(4)} ms   p99 ${String(p99).padStart(4)} ms   ${failures ? `FAILED: ${detail}` : 'no failures'}`;

const statusList = (counts) =>
  [...counts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, count]) => `${key} × ${count}`)
    .join(', ');

console.log(
  `Host: ${cpus().length} cores, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} before the run.`,
);
const pages = { home: '/', shop: '/shop', blog: '/blog' };
const html = {};
const servers = [];
let failed = false;
let belowTarget = 0;
try {
  // As `npm start` runs it (no NODE_ENV, so the storefront runs as production), behind a proxy
  // on this machine: the load generator.
  const redis = process.env.LOAD_REDIS_URL
    ? { REDIS_URL: process.env.LOAD_REDIS_URL, REDIS_PREFIX: `bench-load-${Date.now()}:` }
    : {};
  console.log(
    `Page cache: ${redis.REDIS_URL ? `shared, in Redis at ${redis.REDIS_URL}` : "the storefront's own"}`,
  );
  const stack = await startStack({
    env: { NODE_ENV: undefined, TRUSTED_PROXIES: 'loopback', ...redis },
  });
  servers.push(stack);
  const base = stack.urls.storefront;
  console.log(
    `\nThe mix through the storefront: ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s ...`,
  );
  const mix = await theMix(base);
  console.log(row('home, shop, blog, post, products, checkout', mix));
  console.log(
    `  ${mix.requests} requests; answers by status: ${statusList(mix.statuses)}${mix.errors.size ? `; errors: ${statusList(mix.errors)}` : ''}`,
  );
  if (mix.failures) failed = true;

  for (const [name, page] of Object.entries(pages)) {
    html[name] = await (await fetch(`${base}${page}`)).text();
  }
  console.log('\nBuilding a bare Next.js app with the same pages as static routes ...');
  const bare = await startBareNextApp({ staticFiles: html });
  servers.push({ stop: async () => bare.stop() });
  const nginx = hasNginx ? await startNginx(html) : null;
  if (nginx) servers.push({ stop: async () => nginx.stop() });
  else console.log('nginx is not installed: no comparison with it (apt-get install nginx).');

  // Page by page, the servers in turn, round after round (all running, one loaded at a time).
  console.log(
    `\nCached pages, ${PAGE_CONNECTIONS} connections for ${PAGE_SECONDS} s each after a ${WARM_UP_SECONDS} s warm-up, one server at a time, in ${PAGE_ROUNDS} rounds:`,
  );
  const ratios = [];
  for (const [name, page] of Object.entries(pages)) {
    const size = `${(html[name].length / 1024).toFixed(0)} KB`;
    const { shop, hello, sameHtml, fromNginx } = await loadInTurn({
      shop: `${base}${page}`,
      hello: bare.url,
      sameHtml: `${bare.url}/static/${name}`,
      ...(nginx ? { fromNginx: `${nginx.url}/${name}.html` } : {}),
    });
    console.log(row(`shop ${page} (${size})`, shop));
    console.log(row('bare Next.js page "Hello"', hello));
    console.log(row(`bare Next.js static route, same HTML`, sameHtml));
    if (fromNginx) console.log(row('nginx (1 worker), same HTML', fromNginx));
    const perRound = shop.perRound.map((rps, round) => (rps / hello.perRound[round]).toFixed(2));
    console.log(`  ratio to "Hello" in each round: ${perRound.join(', ')}`);
    for (const result of [shop, hello, sameHtml, fromNginx]) if (result?.failures) failed = true;
    const ratio = shop.rps / hello.rps;
    if (ratio < RATIO_TARGET) belowTarget += 1;
    ratios.push(
      `  shop ${`${page} (${size})`.padEnd(14)} / bare "Hello" ${ratio.toFixed(2)} (target >= ${RATIO_TARGET})   / bare same HTML ${(shop.rps / sameHtml.rps).toFixed(2)}${fromNginx ? `   / nginx ${(shop.rps / fromNginx.rps).toFixed(2)}` : ''}`,
    );
  }
  console.log(`\nRatios (requests/s of the shop's cached page over the other's):`);
  for (const line of ratios) console.log(line);
} finally {
  for (const server of servers.reverse()) await server.stop();
}

console.log(
  `\n${failed ? 'There were failures.' : 'No request failed.'} ${Object.keys(pages).length - belowTarget} of ${Object.keys(pages).length} cached pages meet the ratio target.`,
);
process.exitCode = failed ? 1 : 0;
