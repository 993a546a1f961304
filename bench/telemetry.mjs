#!/usr/bin/env node
/**
 * What telemetry costs (issue 34; run `npm run build` first, then `npm run bench:telemetry`):
 * the same load with it off and on, side by side, in rounds that take the two in turn so that a
 * change in the machine's speed touches each alike. "On" is what an owner who points the shop
 * at a collector runs: traces exported by OTLP (to a receiver that only answers 200,
 * bench/support/otlp-sink.mjs) and the Prometheus listener with its per-route figures.
 * 1. The commerce API: GET /api/products on the built service (bench/support/commerce-server.mjs),
 *    BENCH_SECONDS (10) at BENCH_CONNECTIONS (50), BENCH_ROUNDS (3) rounds.
 * 2. Cached pages through the whole stack (`/`, `/shop`), PAGE_SECONDS (10) each at
 *    PAGE_CONNECTIONS (100), a stack started off and one on in each of PAGE_ROUNDS (2) rounds.
 * Budget (docs/performance.md, "Telemetry"): on costs at most 5 % of the requests a second.
 * Exits with 1 when it is missed.
 */
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { forkServer } from './support/fork-server.mjs';
import { startOtlpSink } from './support/otlp-sink.mjs';

assertSupportedNode();
const { startStack } = await import('../tests/support/stack.ts');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_SECONDS = Number(process.env.PAGE_SECONDS ?? 10);
const PAGE_CONNECTIONS = Number(process.env.PAGE_CONNECTIONS ?? 100);
const PAGE_ROUNDS = Number(process.env.PAGE_ROUNDS ?? 2);
const PAGES = ['/', '/shop'];
const BUDGET = 0.05;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Requests a second; a warm-up's failures (a page rendered for the first time) do not count. */
async function requestsPerSecond(url, connections, duration, { warmUp = false } = {}) {
  const result = await autocannon({ url, connections, duration });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 && !warmUp) throw new Error(`${url}: ${failed} answers were not 2xx`);
  return result.requests.average;
}

let missed = 0;
function report(what, off, on) {
  const cost = 1 - median(on) / median(off);
  const meets = cost <= BUDGET;
  if (!meets) missed += 1;
  console.log(
    `  ${what.padEnd(22)} off ${median(off).toFixed(0).padStart(6)} req/s  on ${median(on).toFixed(0).padStart(6)} req/s  cost ${(cost * 100).toFixed(1).padStart(5)} %  (budget ${BUDGET * 100} %: ${meets ? 'met' : 'MISSED'}; rounds off ${off.map((n) => n.toFixed(0)).join(', ')}, on ${on.map((n) => n.toFixed(0)).join(', ')})`,
  );
}

const sink = await startOtlpSink();
const telemetryOn = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, METRICS_PORT: '0' };
try {
  // 1. The commerce API, two servers side by side.
  const servers = {
    off: await forkServer('commerce-server.mjs', {}),
    on: await forkServer('commerce-server.mjs', {
      BENCH_COMMERCE_ENV: JSON.stringify(telemetryOn),
    }),
  };
  try {
    await Promise.all(Object.values(servers).map((server) => server.ready));
    const api = { off: [], on: [] };
    for (const kind of ['off', 'on'])
      await requestsPerSecond(`${servers[kind].url}/api/products`, CONNECTIONS, 2, {
        warmUp: true,
      });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kind of ['off', 'on'])
        api[kind].push(
          await requestsPerSecond(`${servers[kind].url}/api/products`, CONNECTIONS, SECONDS),
        );
    }
    console.log(
      `Telemetry off and on, median of ${ROUNDS} rounds (${SECONDS} s at ${CONNECTIONS} connections):`,
    );
    report('GET /api/products', api.off, api.on);
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }

  // 2. Cached pages, through a whole stack started each way.
  const pages = Object.fromEntries(PAGES.map((page) => [page, { off: [], on: [] }]));
  for (let round = 0; round < PAGE_ROUNDS; round += 1) {
    for (const kind of ['off', 'on']) {
      const stack = await startStack({
        env: { RATE_LIMITS: 'off', ...(kind === 'on' ? telemetryOn : {}) },
      });
      try {
        for (const page of PAGES) {
          const url = `${stack.urls.storefront}${page}`;
          await requestsPerSecond(url, PAGE_CONNECTIONS, 3, { warmUp: true });
          pages[page][kind].push(await requestsPerSecond(url, PAGE_CONNECTIONS, PAGE_SECONDS));
        }
      } finally {
        await stack.stop();
      }
    }
  }
  console.log(
    `\nCached pages, median of ${PAGE_ROUNDS} rounds (${PAGE_SECONDS} s at ${PAGE_CONNECTIONS} connections):`,
  );
  for (const page of PAGES) report(`GET ${page}`, pages[page].off, pages[page].on);
  const { exports, bytes } = sink.received();
  console.log(
    `\nThe collector received ${exports.toLocaleString('en')} exports (${(bytes / 1e6).toFixed(1)} MB) while telemetry was on.`,
  );
  if (exports === 0) {
    console.log('  Nothing was exported: "on" measured nothing.');
    missed += 1;
  }
} finally {
  await sink.close();
}
console.log(missed ? `\n${missed} budget(s) missed.` : '\nEvery budget met.');
process.exitCode = missed ? 1 : 0;
