#!/usr/bin/env node
/**
 * The chat assistant without a model, at CHAT_CONNECTIONS (20) visitors at once: `POST /api/chat`
 * with the evaluation's questions in turn, against the production build on 127.0.0.1 as
 * `npm start` runs it. Run after `npm run build`: `npm run bench:chat`.
 *
 * Each request comes from another visitor (X-Forwarded-For, believed from loopback as from the
 * proxy in front of the shop: `TRUSTED_PROXIES`), so the chat's limit of ten messages a minute
 * per visitor stays on without being the ceiling. CHAT_ROUNDS (3) rounds of CHAT_SECONDS (10);
 * prints each round's p50/p99 and requests/s, and the median round's p99. Also prints how the
 * storefront built its index of the shop's content at start (its log).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';

assertSupportedNode();
const { startStack } = await import('../tests/support/stack.ts');

const CONNECTIONS = Number(process.env.CHAT_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 10);
const ROUNDS = Number(process.env.CHAT_ROUNDS ?? 3);

const questions = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../storefront/test-support/chat-eval/questions.json'),
    'utf8',
  ),
).questions.map(({ question, history }) =>
  history ? { message: question, history } : { message: question },
);

/** Another visitor for every request, from 198.18.0.0/15 (RFC 2544, for benchmarks). */
let visitor = 0;
const nextVisitor = () => {
  visitor += 1;
  return `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;
};

async function round(base) {
  const statuses = new Map();
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests: questions.map((body) => ({
      path: '/api/chat',
      method: 'POST',
      // The storefront refuses cross-site posts; a visitor's browser sends its origin.
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nextVisitor() },
      }),
    })),
  });
  instance.on('response', (_client, status) =>
    statuses.set(status, (statuses.get(status) ?? 0) + 1),
  );
  const result = await instance;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    failures: result.errors + result.timeouts + result.non2xx,
    statuses: [...statuses].map(([status, count]) => `${status}:${count}`).join(' '),
  };
}

const stack = await startStack({ env: { NODE_ENV: undefined, TRUSTED_PROXIES: 'loopback' } });
let failed = false;
try {
  const base = stack.urls.storefront;
  // The index is built at start; one question makes sure it is there before the clock starts.
  const first = await fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': nextVisitor() },
    body: JSON.stringify({ message: 'Can I return an eBook?' }),
  });
  if (!first.ok) throw new Error(`The chat answered ${first.status}`);
  const builds = readFileSync(path.join(stack.dataDir, 'storefront.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('Chat knowledge:'));
  for (const line of builds) console.log(`storefront: ${line.trim()}`);

  console.log(
    `\nPOST /api/chat without a model: ${CONNECTIONS} visitors at once, ${ROUNDS} rounds of ${SECONDS} s, ${questions.length} questions in turn (load average ${loadavg()[0].toFixed(1)})`,
  );
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const result = await round(base);
    rounds.push(result);
    console.log(
      `  round ${i + 1}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps.toFixed(0)} req/s; answers ${result.statuses}`,
    );
    if (result.failures) failed = true;
  }
  const p99s = rounds.map(({ p99 }) => p99).sort((a, b) => a - b);
  console.log(
    `chat: p99 ${p99s[Math.floor(p99s.length / 2)]} ms at ${CONNECTIONS} concurrent visitors (median of ${ROUNDS} rounds), ${failed ? 'with' : 'no'} failed answers`,
  );
} finally {
  await stack.stop();
}
process.exitCode = failed ? 1 : 0;
