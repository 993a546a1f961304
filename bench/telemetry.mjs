#!/usr/bin/env node
/**
 * What telemetry costs (issue 34; run `npm run build` first, then `npm run bench:telemetry`):
 * the same load with it off and on, side by side. In each round both are loaded at the same
 * time, each as hard as it answers, so that a change in the machine's speed touches both alike,
 * and the cost is taken within the round. Two processes of the same code can differ by several
 * per cent for their whole lives (how V8 happened to compile them), so each comparison is made
 * on several pairs of fresh processes, and the figure is the median of the pairs'. Pairs differ
 * far more than the rounds of one pair do, so the API is measured on many short pairs. "On" is what
 * an owner who points the shop at a collector runs: traces exported by OTLP (to a receiver that
 * only answers 200, bench/support/otlp-sink.mjs) and the Prometheus listener with its per-route
 * figures.
 * 1. The commerce API: GET /api/products on the built service (bench/support/commerce-server.mjs),
 *    BENCH_PAIRS (32) pairs of servers, BENCH_ROUNDS (1) round each, BENCH_SECONDS (4) at
 *    BENCH_CONNECTIONS (50) each. Two servers both off, side by side this way, differ by 1 %
 *    over 32 pairs and by up to 5 % over 8 (docs/performance.md, "Telemetry").
 * 2. Cached pages through the whole stack (`/`, `/shop`): PAGE_PAIRS (5) pairs of stacks, one
 *    started off and one on, each pair first loaded for PAGE_WARM_SECONDS (60), both pages in
 *    turn, then PAGE_ROUNDS (3) rounds each, PAGE_SECONDS (10) at PAGE_CONNECTIONS (50) each.
 *    A storefront just started with telemetry on reaches its steady speed later than one off,
 *    and its "on" processes differ among themselves more than its "off" ones, hence the long
 *    warm-up and the five pairs (docs/performance.md, "Telemetry").
 * The two servers loaded (API servers, or storefronts) share one core and the load generator
 * has the others (Linux, `taskset`, bench/support/pin-apart.mjs), so that the servers run flat
 * out, as a server at the limit of its throughput does; elsewhere the bench says it could not.
 * Each pair is loaded until "on" has exported once before it is measured (`warmUp`).
 * Each load is measured twice: requests a second, and the server's own CPU time per request
 * (bench/support/process-cpu.mjs), which moves far less. Budget (docs/performance.md,
 * "Telemetry"): on costs at most 5 %, judged on the median of the pairs' CPU time per request,
 * on ÷ off (each pair's the median of its rounds). Exits with 1 when it is missed.
 */
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { forkServer } from './support/fork-server.mjs';
import { pinApart } from './support/pin-apart.mjs';
import { startOtlpSink } from './support/otlp-sink.mjs';
import { cpuSecondsOf, pidListeningOn } from './support/process-cpu.mjs';

assertSupportedNode();
const { startStack } = await import('../tests/support/stack.ts');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const PAGE_SECONDS = Number(process.env.PAGE_SECONDS ?? 10);
const PAGE_CONNECTIONS = Number(process.env.PAGE_CONNECTIONS ?? 50);
const PAGE_PAIRS = Number(process.env.PAGE_PAIRS ?? 5);
const PAGE_ROUNDS = Number(process.env.PAGE_ROUNDS ?? 3);
const PAGE_WARM_SECONDS = Number(process.env.PAGE_WARM_SECONDS ?? 60);
/** Each page's turn in the warm-up. */
const WARM_TURN_SECONDS = 5;
const PAGES = ['/', '/shop'];
const KINDS = ['off', 'on'];
const BUDGET = 0.05;

/** The middle value; of an even count, the mean of the two in the middle. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Requests a second, and the serving process's CPU microseconds per request; a warm-up's
 * failures (a page rendered for the first time) do not count.
 */
async function measure(url, connections, duration, pid, { warmUp = false } = {}) {
  const cpuBefore = cpuSecondsOf(pid);
  const result = await autocannon({ url, connections, duration });
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 && !warmUp)
    throw new Error(
      `${url}: ${failed} requests failed (${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} answers not 2xx)`,
    );
  return { rps: result.requests.average, cpuUs: (cpu * 1e6) / Math.max(1, result.requests.total) };
}

/** One round: both servers loaded at once, each at its URL; their measures as { off, on }. */
async function sideBySide(urls, pids, connections, duration, options) {
  const [off, on] = await Promise.all(
    KINDS.map((kind) => measure(urls[kind], connections, duration, pids[kind], options)),
  );
  return { off, on };
}

/**
 * Loads both servers until "on" has sent its first export, at most 12 s: a process exporting
 * for the first time compiles what it takes (the serializer, the exporter thread's HTTP client),
 * a cost of its start, once in its life, which a short round would count as serving's.
 */
async function warmUp(urls, pids, connections) {
  const before = sink.received().exports;
  for (let waited = 0; waited < 12 && sink.received().exports === before; waited += 2)
    await sideBySide(urls, pids, connections, 2, { warmUp: true });
}

let missed = 0;
/** `pairs`: for each pair of processes, its rounds' { off, on }, each measured at the same time. */
function report(what, pairs) {
  const ratioOf = (rounds, field) =>
    median(rounds.map((round) => round.on[field] / round.off[field]));
  const cpuRatios = pairs.map((rounds) => ratioOf(rounds, 'cpuUs'));
  const rpsRatios = pairs.map((rounds) => ratioOf(rounds, 'rps'));
  const cpuCost = median(cpuRatios) - 1;
  const throughputCost = 1 - median(rpsRatios);
  const meets = cpuCost <= BUDGET;
  if (!meets) missed += 1;
  const all = pairs.flat();
  const of = (kind, field) => median(all.map((round) => round[kind][field]));
  const listed = (values) => values.map((value) => value.toFixed(2)).join(', ');
  console.log(`  ${what}`);
  console.log(
    `    CPU per request  off ${of('off', 'cpuUs').toFixed(1).padStart(7)} µs  on ${of('on', 'cpuUs').toFixed(1).padStart(7)} µs  cost ${(cpuCost * 100).toFixed(1).padStart(5)} %  (budget ${BUDGET * 100} %: ${meets ? 'met' : 'MISSED'}; pairs' on ÷ off ${listed(cpuRatios)}; rounds' ${pairs.map((rounds) => listed(rounds.map((round) => round.on.cpuUs / round.off.cpuUs))).join(' | ')})`,
  );
  console.log(
    `    requests/s       off ${of('off', 'rps').toFixed(0).padStart(7)}     on ${of('on', 'rps').toFixed(0).padStart(7)}     cost ${(throughputCost * 100).toFixed(1).padStart(5)} %  (pairs' on ÷ off ${listed(rpsRatios)})`,
  );
}

const sink = await startOtlpSink();
const telemetryOn = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, METRICS_PORT: '0' };
try {
  // 1. The commerce API, pairs of servers side by side, pinned apart from the load generator.
  const api = [];
  let pinned = null;
  for (let pair = 0; pair < PAIRS; pair += 1) {
    const servers = {
      off: await forkServer('commerce-server.mjs', {}),
      on: await forkServer('commerce-server.mjs', {
        BENCH_COMMERCE_ENV: JSON.stringify(telemetryOn),
      }),
    };
    try {
      await Promise.all(Object.values(servers).map((server) => server.ready));
      const urls = {
        off: `${servers.off.url}/api/products`,
        on: `${servers.on.url}/api/products`,
      };
      const pids = { off: servers.off.pid, on: servers.on.pid };
      pinned = pinApart(Object.values(pids));
      await warmUp(urls, pids, CONNECTIONS);
      const rounds = [];
      for (let round = 0; round < ROUNDS; round += 1)
        rounds.push(await sideBySide(urls, pids, CONNECTIONS, SECONDS));
      api.push(rounds);
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
      pinned?.release();
    }
  }
  console.log(
    `Telemetry off and on, side by side: ${PAIRS} pairs of servers, ${ROUNDS} rounds each (${SECONDS} s at ${CONNECTIONS} connections each), pinned: ${pinned?.description ?? 'no (every process on every core)'}`,
  );
  if (PAIRS > 0) report('GET /api/products', api);

  // 2. Cached pages, through pairs of whole stacks, one started each way.
  const pages = Object.fromEntries(PAGES.map((page) => [page, []]));
  for (let pair = 0; pair < PAGE_PAIRS; pair += 1) {
    const stacks = {};
    let pagesPinned = null;
    try {
      for (const kind of KINDS)
        stacks[kind] = await startStack({
          env: { RATE_LIMITS: 'off', ...(kind === 'on' ? telemetryOn : {}) },
        });
      // The storefront's own process: a cached page costs it, not the services behind it.
      const pids = Object.fromEntries(
        KINDS.map((kind) => [kind, pidListeningOn(new URL(stacks[kind].urls.storefront).port)]),
      );
      pagesPinned = pinApart(Object.values(pids));
      const urlsOf = (page) =>
        Object.fromEntries(KINDS.map((kind) => [kind, `${stacks[kind].urls.storefront}${page}`]));
      // Both pages in turn, as a live shop is asked for many; failures of a first render ignored.
      for (let warmed = 0; warmed < PAGE_WARM_SECONDS; warmed += PAGES.length * WARM_TURN_SECONDS)
        for (const page of PAGES)
          await sideBySide(urlsOf(page), pids, PAGE_CONNECTIONS, WARM_TURN_SECONDS, {
            warmUp: true,
          });
      await warmUp(urlsOf(PAGES[0]), pids, PAGE_CONNECTIONS);
      const rounds = Object.fromEntries(PAGES.map((page) => [page, []]));
      for (let round = 0; round < PAGE_ROUNDS; round += 1)
        for (const page of PAGES)
          rounds[page].push(await sideBySide(urlsOf(page), pids, PAGE_CONNECTIONS, PAGE_SECONDS));
      for (const page of PAGES) pages[page].push(rounds[page]);
    } finally {
      await Promise.all(Object.values(stacks).map((stack) => stack.stop()));
      pagesPinned?.release();
    }
  }
  console.log(
    `\nCached pages, side by side: ${PAGE_PAIRS} pairs of stacks, ${PAGE_ROUNDS} rounds each (${PAGE_SECONDS} s at ${PAGE_CONNECTIONS} connections each):`,
  );
  if (PAGE_PAIRS > 0) for (const page of PAGES) report(`GET ${page}`, pages[page]);
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
