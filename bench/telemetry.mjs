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
 * Each load is measured twice: requests a second, and the server's own CPU time per request
 * (bench/support/process-cpu.mjs), which on a two-core machine shared with the load generator
 * moves far less from round to round. Budget (docs/performance.md, "Telemetry"): on costs at
 * most 5 %, judged on the CPU time per request. Exits with 1 when it is missed.
 */
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { forkServer } from './support/fork-server.mjs';
import { startOtlpSink } from './support/otlp-sink.mjs';
import { cpuSecondsOf, pidListeningOn } from './support/process-cpu.mjs';

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

/**
 * Requests a second, and the serving process's CPU microseconds per request; a warm-up's
 * failures (a page rendered for the first time) do not count.
 */
async function measure(url, connections, duration, pid, { warmUp = false } = {}) {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await autocannon({ url, connections, duration });
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 && !warmUp) throw new Error(`${url}: ${failed} answers were not 2xx`);
  return { rps: result.requests.average, cpuUs: (cpu * 1e6) / Math.max(1, result.requests.total) };
}

let missed = 0;
function report(what, off, on) {
  const offRps = median(off.map((m) => m.rps));
  const onRps = median(on.map((m) => m.rps));
  const offCpu = median(off.map((m) => m.cpuUs));
  const onCpu = median(on.map((m) => m.cpuUs));
  const throughputCost = 1 - onRps / offRps;
  const cpuCost = onCpu / offCpu - 1;
  const meets = cpuCost <= BUDGET;
  if (!meets) missed += 1;
  console.log(`  ${what}`);
  console.log(
    `    CPU per request  off ${offCpu.toFixed(1).padStart(7)} µs  on ${onCpu.toFixed(1).padStart(7)} µs  cost ${(cpuCost * 100).toFixed(1).padStart(5)} %  (budget ${BUDGET * 100} %: ${meets ? 'met' : 'MISSED'}; rounds off ${off.map((m) => m.cpuUs.toFixed(1)).join(', ')}, on ${on.map((m) => m.cpuUs.toFixed(1)).join(', ')})`,
  );
  console.log(
    `    requests/s       off ${offRps.toFixed(0).padStart(7)}     on ${onRps.toFixed(0).padStart(7)}     cost ${(throughputCost * 100).toFixed(1).padStart(5)} %  (rounds off ${off.map((m) => m.rps.toFixed(0)).join(', ')}, on ${on.map((m) => m.rps.toFixed(0)).join(', ')})`,
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
      await measure(`${servers[kind].url}/api/products`, CONNECTIONS, 2, servers[kind].pid, {
        warmUp: true,
      });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const kind of ['off', 'on'])
        api[kind].push(
          await measure(
            `${servers[kind].url}/api/products`,
            CONNECTIONS,
            SECONDS,
            servers[kind].pid,
          ),
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
        // The storefront's own process: a cached page costs it, not the services behind it.
        const storefront = pidListeningOn(new URL(stack.urls.storefront).port);
        for (const page of PAGES) {
          const url = `${stack.urls.storefront}${page}`;
          await measure(url, PAGE_CONNECTIONS, 3, storefront, { warmUp: true });
          pages[page][kind].push(await measure(url, PAGE_CONNECTIONS, PAGE_SECONDS, storefront));
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
