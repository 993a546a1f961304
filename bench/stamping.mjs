#!/usr/bin/env node
/**
 * Stamped PDFs (issue 18; run `npm run build` first, then `node bench/stamping.mjs`): the built
 * commerce service delivers a 60-page book, made here, as the parents' eBook. Two figures, with
 * targets for this machine (docs/performance.md, "Stamped PDFs"):
 * - the first download of a purchase's PDF, stamping included: the median of
 *   BENCH_FIRST_DOWNLOADS purchases, each timed from the request to the last byte (target 500 ms);
 * - the p99 latency of whole downloads of an already stamped copy at 20 concurrent clients
 *   (target 20 ms), in BENCH_ROUNDS rounds of BENCH_SECONDS, taking in turn with two others of
 *   the same bytes: an unstamped download (the purchase's audiobook link, its file replaced by
 *   the stamped copy's bytes), what a download cost before the stamp; and a bare Fastify route
 *   streaming the file, the floor of sending those bytes on this machine.
 * The clients are Node's own HTTP client rather than autocannon, which reads answers in
 * JavaScript and tops out near 40 MB/s of bodies on this machine: with 130 KB files it, not the
 * servers, would set the figures.
 * Each figure is checked for what it claims: the first downloads are the book stamped for their
 * buyer, all 60 pages, and the cached downloads make no new copy. Exits with 1 when one fails.
 */
import http from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { buyParentsBook } from './support/buy.mjs';
import { forkServer } from './support/fork-server.mjs';
import { BOOK_PAGES as PAGES, sixtyPageBook } from './support/sixty-page-book.mjs';

assertSupportedNode();

const FIRST_DOWNLOADS = Number(process.env.BENCH_FIRST_DOWNLOADS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const TARGET_FIRST_MS = 500;
const TARGET_P99_MS = 20;

async function ok(response, what) {
  if (!response.ok && response.status !== 303) {
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  }
  return response;
}

/** Buys the parents' eBook through the local test checkout; answers its PDF's and MP3's links. */
async function buy(baseUrl, email) {
  const sessionId = await buyParentsBook(baseUrl, email);
  const detail = await ok(
    await fetch(`${baseUrl}/api/products/purchase-detail?sessionId=${sessionId}`),
    'purchase-detail',
  );
  const files = (await detail.json()).products.flatMap((product) => product.files);
  const link = (kind) =>
    `${baseUrl}${new URL(files.find((file) => file.kind === kind).url).pathname}`;
  return { sessionId, url: link('pdf'), unstampedUrl: link('mp3') };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * CONNECTIONS clients for `seconds`, each asking for `url` again as soon as the last answer has
 * fully arrived (keep-alive); answers the latency percentiles (request to last byte) and rate.
 */
async function load(url, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const times = [];
  let failed = 0;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const fail = () => {
        failed += 1;
        resolve();
      };
      http
        .get(url, { agent }, (response) => {
          response.on('data', () => {});
          response.on('error', fail);
          response.on('end', () => {
            if (response.statusCode !== 200) return fail();
            times.push(performance.now() - started);
            resolve();
          });
        })
        .on('error', fail);
    });
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (share) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  return { p50: at(0.5), p99: at(0.99), rps: times.length / seconds, failed };
}

const work = mkdtempSync(path.join(tmpdir(), 'stamping-bench-'));
const assetsDir = path.join(work, 'assets');
const stampedDir = path.join(work, 'stamped');
const book = await sixtyPageBook();
mkdirSync(assetsDir);
writeFileSync(path.join(assetsDir, 'aba-for-parents.pdf'), book);

const servers = [];
const problems = [];
try {
  const commerce = await forkServer('commerce-server.mjs', {
    BENCH_COMMERCE_ENV: JSON.stringify({ ASSETS_DIR: assetsDir, STAMPED_PDF_DIR: stampedDir }),
  });
  servers.push(commerce);
  await commerce.ready;
  console.log(
    `stamping: the original, a ${PAGES}-page book of ${(book.length / 1024).toFixed(0)} KB (text on every page); 2 cores shared with the clients`,
  );

  const firstTimes = [];
  let cached;
  for (let n = 1; n <= FIRST_DOWNLOADS; n += 1) {
    const email = `bench-buyer-${n}@example.com`;
    const { sessionId, url, unstampedUrl } = await buy(commerce.url, email);
    const started = performance.now();
    const response = await fetch(url);
    const body = new Uint8Array(await response.arrayBuffer());
    firstTimes.push(performance.now() - started);
    const stamped = await PDFDocument.load(body);
    if (
      response.status !== 200 ||
      stamped.getPageCount() !== PAGES ||
      stamped.getSubject() !== `Licensed to ${email} · Order ${sessionId}`
    ) {
      problems.push(`first download ${n} is not the book stamped for its buyer`);
    }
    cached ??= { url, unstampedUrl, body };
  }
  console.log(
    `stamping: first download of a ${PAGES}-page PDF: ${median(firstTimes).toFixed(0)} ms (median of ${FIRST_DOWNLOADS} purchases: ${firstTimes.map((ms) => ms.toFixed(0)).join(', ')} ms; target ${TARGET_FIRST_MS} ms)`,
  );

  // The same bytes three ways: the cached stamped copy, an unstamped download, a bare route.
  writeFileSync(path.join(assetsDir, 'aba-for-parents.mp3'), cached.body);
  const copyFile = path.join(work, 'stamped-copy.pdf');
  writeFileSync(copyFile, cached.body);
  const bare = await forkServer('bare-file.mjs', { FILE: copyFile });
  servers.push(bare);
  await bare.ready;
  const targets = {
    cached: { name: 'cached stamped download', url: cached.url, runs: [] },
    unstamped: { name: 'unstamped download (same bytes)', url: cached.unstampedUrl, runs: [] },
    bare: { name: 'bare Fastify route (same bytes)', url: `${bare.url}/file.pdf`, runs: [] },
  };
  const copies = () =>
    readdirSync(stampedDir)
      .map((name) => `${name}:${statSync(path.join(stampedDir, name)).ino}`)
      .sort()
      .join();
  const before = copies();

  for (const target of Object.values(targets)) await load(target.url, 2);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of Object.values(targets)) target.runs.push(await load(target.url, SECONDS));
  }
  const figures = ({ runs }) => ({
    p99: median(runs.map((run) => run.p99)).toFixed(0),
    p50: median(runs.map((run) => run.p50)).toFixed(0),
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p99s: runs.map((run) => run.p99.toFixed(0)).join(', '),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
  });
  const service = figures(targets.cached);
  console.log(
    `stamping: cached download p99 at ${CONNECTIONS} concurrent clients: ${service.p99} ms (${service.rps.toFixed(0)} req/s) (target ${TARGET_P99_MS} ms)`,
  );
  console.log(
    `\n  ${(cached.body.length / 1024).toFixed(0)} KB each, ${ROUNDS} rounds of ${SECONDS} s taking the three in turn; p99 is the median of the rounds'`,
  );
  for (const target of Object.values(targets)) {
    const { p99, p50, rps, p99s, failed } = figures(target);
    console.log(
      `  ${target.name.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${String(p50).padStart(4)} ms   p99 ${String(p99).padStart(4)} ms (rounds: ${p99s})   errors ${failed}`,
    );
    if (failed > 0) problems.push(`${failed} requests of the ${target.name} failed`);
  }
  if (copies() !== before) problems.push('the cached downloads made new copies');
} finally {
  for (const server of servers) server.stop();
  rmSync(work, { recursive: true, force: true });
}
for (const problem of problems) console.error(`stamping: FAILED: ${problem}`);
process.exitCode = problems.length > 0 ? 1 : 0;
