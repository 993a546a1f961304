#!/usr/bin/env node
/**
 * The owner's sales figures at scale (issue 34; run `npm run build` first, then
 * `npm run bench:sales`): the support console's shop of two years, 100,000 orders and 5,000
 * subscription records (bench/support/seed-support-console.mjs), seeded into a fresh database
 * migrated by the service's own migrations, once on SQLite and once on PostgreSQL. On each, the
 * service's own `salesSummary` (commerce-service/dist) is asked for the last 7, 30 and 365
 * days, BENCH_RUNS times each after a warm-up, and the orders of each period exported as CSV
 * (BENCH_EXPORT_RUNS times); every SQL statement they send is timed on
 * its own: the figures are each statement's p50 and p99, and each period's whole answer's.
 * BENCH_DATABASES=SQLite or =PostgreSQL runs one of the two.
 * Budget: every statement's p99 within 100 ms (docs/performance.md, "Sales figures").
 * Exits with 1 when a budget is missed, or when an answer disagrees with the seeded orders.
 */
import { sql } from 'kysely';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { localSecrets } from '../scripts/lib/services.mjs';
import { createDatabase } from './support/bench-database.mjs';
import { seedSupportConsole } from './support/seed-support-console.mjs';

assertSupportedNode();

const { openDatabase, migrateToLatest } = await import('../commerce-service/dist/db/connect.js');
const { loadConfig } = await import('../commerce-service/dist/config.js');
const { seedCatalogue } = await import('../commerce-service/dist/modules/catalogue/service.js');
const { salesSummary, ordersForAccountant } =
  await import('../commerce-service/dist/modules/sales/service.js');

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 5_000);
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 60_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const BUDGET_P99_MS = 100;
const PERIODS = [7, 30, 365];
const DAY_MS = 86_400_000;
const KINDS = (process.env.BENCH_DATABASES ?? 'SQLite,PostgreSQL').split(',');

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
let missed = 0;

/** The database, timing each statement it runs under the name of the query that sent it. */
function timingStatements(db) {
  const times = new Map();
  const started = new Map();
  const plugin = {
    transformQuery({ node, queryId }) {
      // The repository function that sends it names the statement (it is on the stack here).
      const stack = new Error().stack ?? '';
      const name = /at (?:async )?(\w+) \(.*modules\/\w+\/repository\.js/.exec(stack)?.[1];
      started.set(queryId, { name: name ?? 'other', at: performance.now() });
      return node;
    },
    async transformResult({ result, queryId }) {
      const start = started.get(queryId);
      started.delete(queryId);
      if (start) {
        const ms = performance.now() - start.at;
        times.set(start.name, [...(times.get(start.name) ?? []), ms]);
      }
      return result;
    },
  };
  return { db: db.withPlugin(plugin), times };
}

async function run(kind) {
  const database = await createDatabase(kind, 'bench_sales');
  const raw = openDatabase(database.location);
  try {
    await migrateToLatest(raw);
    const config = loadConfig({
      ...localSecrets(database.serviceEnv.DATA_DIR),
      ...database.serviceEnv,
      NODE_ENV: 'development',
    });
    await seedCatalogue(raw);
    const started = performance.now();
    await seedSupportConsole(raw, { orders: ORDERS, records: RECORDS, addresses: ADDRESSES });
    if (kind === 'PostgreSQL') await sql`analyze`.execute(raw);
    console.log(
      `\n${kind}: seeded ${ORDERS.toLocaleString('en')} orders and ${RECORDS.toLocaleString('en')} memberships in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const { db, times } = timingStatements(raw);
    const deps = { db, config };
    const today = dayOf(Date.now());
    for (const days of PERIODS) {
      const query = { from: dayOf(Date.now() - (days - 1) * DAY_MS), to: today };
      const check = await salesSummary(deps, query);
      const counted = await raw
        .selectFrom('orders')
        .select(sql`count(*)`.as('n'))
        .where('created_at', '>=', `${query.from}T00:00:00.000Z`)
        .where('created_at', '<', new Date(Date.parse(`${today}T00:00:00Z`) + DAY_MS).toISOString())
        .executeTakeFirstOrThrow();
      if (check.current.orders !== Number(counted.n)) {
        console.log(`  MISMATCH: ${check.current.orders} orders answered, ${counted.n} seeded`);
        missed += 1;
      }
      times.clear();
      const whole = [];
      for (let run = 0; run < RUNS; run += 1) {
        const begun = performance.now();
        await salesSummary(deps, query);
        whole.push(performance.now() - begun);
      }
      console.log(
        `  last ${String(days).padStart(3)} days (${check.current.orders.toLocaleString('en')} orders): whole answer p50 ${percentile(whole, 0.5).toFixed(1)} ms, p99 ${percentile(whole, 0.99).toFixed(1)} ms`,
      );
      // The period's orders for the accountant, read a batch of 1,000 at a time.
      const exports = [];
      let rows = 0;
      for (let run = 0; run < EXPORT_RUNS; run += 1) {
        const begun = performance.now();
        rows = 0;
        for await (const _row of ordersForAccountant(deps, query)) rows += 1;
        exports.push(performance.now() - begun);
      }
      if (rows !== Number(counted.n)) {
        console.log(`  MISMATCH: ${rows} orders exported, ${counted.n} seeded`);
        missed += 1;
      }
      console.log(
        `  CSV of ${rows.toLocaleString('en')} orders: whole export p50 ${percentile(exports, 0.5).toFixed(1)} ms`,
      );
      for (const [name, values] of [...times].sort()) {
        const p99 = percentile(values, 0.99);
        const meets = p99 <= BUDGET_P99_MS;
        if (!meets) missed += 1;
        console.log(
          `    ${name.padEnd(16)} p50 ${percentile(values, 0.5).toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms  (budget ${BUDGET_P99_MS} ms: ${meets ? 'met' : 'MISSED'})`,
        );
      }
    }
  } finally {
    await raw.destroy();
    await database.drop();
  }
}

for (const kind of KINDS) await run(kind);
console.log(missed ? `\n${missed} budget(s) missed.` : '\nEvery budget met.');
process.exitCode = missed ? 1 : 0;
