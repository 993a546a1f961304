#!/usr/bin/env node
/**
 * The shop on several machines (issue 21, docs/scaling.md), after `npm run build`:
 * `npm run bench:replicas`. nginx (docker/nginx/shop.conf) in front of two storefront and two
 * commerce replicas, one CMS, and the machine's PostgreSQL and Redis (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test; BENCH_REDIS_URL or
 * TEST_REDIS_URL, default redis://127.0.0.1:6379). Prints:
 *
 *   replicas: publish visible on N of N storefronts after X ms
 *   replicas: shared limit: 429 after K sign-in code requests spread over the replicas
 *   replicas: cached page through nginx R req/s, nginx static S req/s, ratio Q
 *
 * The last line loads the home page through the front (served from nginx's micro-cache) and the
 * same HTML as a static file from nginx, PAGE_SECONDS (15) each at PAGE_CONNECTIONS (100), in
 * three rounds taking the two in turn. Exits with 1 when a storefront took more than 2,000 ms,
 * the limit let more than 10 through, or the ratio is below 0.8.
 */
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { hasNginx, startNginx } from './support/static-nginx.mjs';

assertSupportedNode();
const { startReplicas } = await import('../tests/support/replicas.ts');
const { publishAndWatch, signInRequestsUntilRefused } =
  await import('../tests/support/replica-checks.ts');

const PUBLISH_TARGET_MS = 2_000;
const SIGN_IN_LIMIT = 10;
const RATIO_TARGET = 0.8;
const PAGE_SECONDS = Number(process.env.PAGE_SECONDS ?? 15);
const PAGE_CONNECTIONS = Number(process.env.PAGE_CONNECTIONS ?? 100);
const ROUNDS = 3;

if (!hasNginx) {
  console.error('replicas: nginx is not installed (Debian: apt-get install nginx)');
  process.exit(1);
}

const rps = async (url, duration) =>
  (await autocannon({ url, connections: PAGE_CONNECTIONS, duration, timeout: 10 })).requests
    .average;

const replicas = await startReplicas({
  redisUrl: process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  postgresUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/test',
  // The static nginx logs nothing either: both are measured serving, not writing logs.
  frontAccessLog: false,
});
let failed = false;
try {
  const delays = await publishAndWatch(replicas);
  const updated = delays.filter((delay) => delay <= PUBLISH_TARGET_MS).length;
  console.log(
    `replicas: publish visible on ${updated} of ${delays.length} storefronts after ${Math.max(...delays)} ms`,
  );
  failed ||= updated < delays.length;

  const refusedAt = await signInRequestsUntilRefused(replicas);
  console.log(
    `replicas: shared limit: 429 after ${refusedAt === null ? 'none of 30' : refusedAt - 1} sign-in code requests spread over the replicas`,
  );
  failed ||= refusedAt === null || refusedAt - 1 > SIGN_IN_LIMIT;

  const html = await (await fetch(`${replicas.front}/`)).text();
  const nginx = await startNginx({ index: html });
  try {
    const urls = { front: `${replicas.front}/`, static: `${nginx.url}/index.html` };
    for (const url of Object.values(urls)) await rps(url, 2);
    const total = { front: 0, static: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, url] of Object.entries(urls)) {
        total[name] += (await rps(url, PAGE_SECONDS / ROUNDS)) / ROUNDS;
      }
    }
    const ratio = total.front / total.static;
    console.log(
      `replicas: cached page through nginx ${total.front.toFixed(0)} req/s, nginx static ${total.static.toFixed(0)} req/s, ratio ${ratio.toFixed(2)}`,
    );
    failed ||= ratio < RATIO_TARGET;
  } finally {
    nginx.stop();
  }
} finally {
  await replicas.stop();
}
process.exit(failed ? 1 : 0);
