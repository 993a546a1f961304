#!/usr/bin/env node
/**
 * Concurrent checkouts (issue 8; run `npm run build` first, then `node bench/checkouts.mjs`):
 * 1,000 Stripe checkout sessions created and paid concurrently, then every
 * checkout.session.completed webhook delivered three times (the original and two replays),
 * the copies of one event racing each other on random replicas. Expected afterwards: exactly
 * 1,000 orders, each file entitled once per order, 1,000 confirmation e-mails sent by the mail
 * workers and none twice. Counted in the database and the mail folder, not from the answers.
 *
 * Two runs: two commerce replicas (two processes) on one fresh PostgreSQL database, then one
 * replica on SQLite. Stripe is the service's own fake (commerce-service/src/test-support),
 * run in this process. Exits with 1 when an expectation fails.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { forkServer } from './support/fork-server.mjs';

assertSupportedNode();

const { openDatabase } = await import('../commerce-service/dist/db/connect.js');
// Node.js strips the types of the fake's TypeScript source; the tests use the same file.
const { signedStripeEvent, startFakeStripe } = await import('@aba-shop/test-kit/fake-stripe');
const { pool } = await import('../tests/support/pool.ts');

const here = path.dirname(fileURLToPath(import.meta.url));
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const DELIVERIES = 3;
const MAIL_DEADLINE_MS = Number(process.env.BENCH_MAIL_DEADLINE_S ?? 120) * 1000;
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgresql://postgres@127.0.0.1:5432/test';

// Bench-only secrets: the fake Stripe accepts any key, and the webhook secret signs events
// that only this process sends.
const STRIPE_SECRET_KEY = 'sk_test_bench_only';
const WEBHOOK_SECRET = 'whsec_bench_only_webhook_signing_secret';

const products = JSON.parse(
  readFileSync(path.join(here, '../commerce-service/data/products.json'), 'utf8'),
);
const EBOOKS = products.filter((product) => product.type === 'digital');
const filesOf = new Map(products.map((product) => [product.id, product.file_keys]));

/**
 * One commerce replica: its own process, with the mail worker running as in production. It is
 * added to `replicas` before it is ready, so a replica that fails to start is still stopped.
 */
async function startReplica(replicas, env) {
  const replica = await forkServer('commerce-server.mjs', {
    BENCH_COMMERCE_ENV: JSON.stringify(env),
    BENCH_MAIL_WORKER: 'on',
  });
  replicas.push(replica);
  await replica.ready;
  return replica;
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** What a buyer puts in the basket: one to three eBooks, now and then two of one. */
function basket() {
  const count = 1 + Math.floor(Math.random() * EBOOKS.length);
  const chosen = [...EBOOKS].sort(() => Math.random() - 0.5).slice(0, count);
  return chosen.map((product) => ({
    productId: product.id,
    quantity: Math.random() < 0.1 ? 2 : 1,
  }));
}

/** The files an order grants, once each (the Complete Pack overlaps both books). */
const grantedFiles = (lines) => new Set(lines.flatMap((line) => filesOf.get(line.productId)));

async function createPaidSession(replica, fake, index) {
  const lines = basket();
  const response = await fetch(`${replica.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      products: lines,
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    }),
  });
  if (response.status !== 200) {
    throw new Error(
      `create-checkout-session answered ${response.status}: ${await response.text()}`,
    );
  }
  const { checkoutUrl } = await response.json();
  const email = `buyer-${index}-${randomUUID().slice(0, 8)}@bench.example`;
  const session = fake.pay(checkoutUrl.split('/').pop(), email);
  return { session, email, files: grantedFiles(lines).size };
}

async function deliver(replica, event) {
  const { payload, signature } = signedStripeEvent(event, WEBHOOK_SECRET);
  try {
    const response = await fetch(`${replica.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const body = await response.json().catch(() => ({}));
    return body.duplicate ? `${response.status} duplicate` : String(response.status);
  } catch (error) {
    return `failed (${error.cause?.code ?? error.message})`;
  }
}

const count = async (db, query) => Number((await query.execute(db)).rows[0]?.count ?? 0);

/** What the run left behind, read from the database and the shared mail folder. */
async function tally(db, mailDir) {
  const mailFiles = existsSync(mailDir)
    ? readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
    : [];
  const recipients = new Map();
  for (const name of mailFiles) {
    const to = /^To: (.+)$/m.exec(readFileSync(path.join(mailDir, name), 'utf8'))?.[1]?.trim();
    recipients.set(to, (recipients.get(to) ?? 0) + 1);
  }
  return {
    orders: await count(db, sql`select count(*) as count from orders`),
    ordersTwiceForASession: await count(
      db,
      sql`select count(*) as count from (select checkout_session_id from orders
          group by checkout_session_id having count(*) > 1) as twice`,
    ),
    entitlements: await count(db, sql`select count(*) as count from entitlements`),
    duplicateEntitlements: await count(
      db,
      sql`select count(*) as count from (select order_id, file_key from entitlements
          group by order_id, file_key having count(*) > 1) as twice`,
    ),
    queuedMail: await count(db, sql`select count(*) as count from mail_outbox`),
    sentMail: await count(db, sql`select count(*) as count from mail_outbox where status = 'sent'`),
    mailFiles: mailFiles.length,
    recipientsMailedTwice: [...recipients.values()].filter((times) => times > 1).length,
  };
}

async function run({ label, replicaCount, databaseUrl }) {
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'commerce-bench-checkouts-'));
  const mailDir = path.join(dataRoot, 'mail');
  const fake = await startFakeStripe();
  const replicas = [];
  let db;
  try {
    // Started together, so the replicas also race to migrate the fresh database.
    await Promise.all(
      Array.from({ length: replicaCount }, (_, index) =>
        startReplica(replicas, {
          DATA_DIR: path.join(dataRoot, `replica-${index}`),
          MAIL_OUTBOX_DIR: mailDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_URL: fake.url,
        }),
      ),
    );
    db = openDatabase(
      databaseUrl
        ? { postgresUrl: databaseUrl }
        : { sqliteFile: path.join(dataRoot, 'replica-0', 'commerce.sqlite') },
    );

    const started = Date.now();
    const paid = await pool(
      Array.from({ length: CHECKOUTS }, (_, index) => index),
      CONCURRENCY,
      (index) => createPaidSession(replicas[index % replicas.length], fake, index),
    );
    const checkoutsMs = Date.now() - started;

    // The copies of one event are sent at the same moment, each to a random replica, so they
    // race through fulfilment together; events are spread over the concurrency bound.
    const answers = new Map();
    const webhooksStarted = Date.now();
    await pool(paid, Math.max(1, Math.floor(CONCURRENCY / DELIVERIES)), async ({ session }) => {
      const event = {
        id: `evt_bench_${session.id}`,
        type: 'checkout.session.completed',
        object: session,
      };
      const results = await Promise.all(
        Array.from({ length: DELIVERIES }, () => deliver(pick(replicas), event)),
      );
      for (const result of results) answers.set(result, (answers.get(result) ?? 0) + 1);
    });
    const webhooksMs = Date.now() - webhooksStarted;

    // The e-mails are sent by the replicas' mail workers after the webhooks were answered.
    let counted = await tally(db, mailDir);
    while (
      counted.sentMail < counted.queuedMail &&
      Date.now() - webhooksStarted < MAIL_DEADLINE_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      counted = await tally(db, mailDir);
    }
    const mailMs = Date.now() - webhooksStarted;
    // One more poll interval: a message sent twice would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    counted = await tally(db, mailDir);

    const expectedEntitlements = paid.reduce((sum, { files }) => sum + files, 0);
    const checks = [
      ['orders', counted.orders, CHECKOUTS],
      ['sessions with more than one order', counted.ordersTwiceForASession, 0],
      ['entitlements (distinct files per order)', counted.entitlements, expectedEntitlements],
      ['duplicate entitlements', counted.duplicateEntitlements, 0],
      ['confirmation e-mails queued', counted.queuedMail, CHECKOUTS],
      ['e-mails sent (outbox status sent)', counted.sentMail, CHECKOUTS],
      ['e-mails sent (.eml files)', counted.mailFiles, CHECKOUTS],
      ['buyers mailed more than once', counted.recipientsMailedTwice, 0],
    ];
    console.log(`\n${label}:`);
    for (const [name, actual, expected] of checks) {
      const verdict = actual === expected ? 'ok' : `FAIL, expected ${expected}`;
      console.log(`  ${name.padEnd(42)} ${String(actual).padStart(6)}   ${verdict}`);
    }
    const statuses = [...answers].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `  webhook answers (${CHECKOUTS * DELIVERIES} deliveries): ${statuses
        .map(([status, times]) => `${status} × ${times}`)
        .join(', ')}`,
    );
    const wallMs = checkoutsMs + webhooksMs;
    console.log(
      `  ${CHECKOUTS} checkouts created and paid in ${(checkoutsMs / 1000).toFixed(1)} s, ` +
        `${CHECKOUTS * DELIVERIES} webhooks answered in ${(webhooksMs / 1000).toFixed(1)} s, ` +
        `all mail sent ${(mailMs / 1000).toFixed(1)} s after the first webhook`,
    );
    console.log(
      `  wall time ${(wallMs / 1000).toFixed(1)} s (checkouts + webhooks): ` +
        `${((CHECKOUTS * 1000) / wallMs).toFixed(0)} checkouts/s`,
    );
    return checks.every(([, actual, expected]) => actual === expected);
  } finally {
    await db?.destroy();
    for (const replica of replicas) replica.stop();
    await fake.close();
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

/** A fresh database on the admin connection's server, or null (and why) when it is not there. */
async function createBenchDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { reason: `PostgreSQL at ${new URL(ADMIN_URL).host} is unreachable (${error.message})` };
  }
  const name = `bench_checkouts_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

console.log(
  `Concurrent checkouts: ${CHECKOUTS} Stripe sessions (fake Stripe) created and paid, ${CONCURRENCY} at a time; ` +
    `each checkout.session.completed delivered ${DELIVERIES} times at once to random replicas. ` +
    'Rate limits: off (RATE_LIMITS=off, bench-only). 2 cores shared with the load generator.',
);
let passed = true;
const postgres = await createBenchDatabase();
if (postgres.url) {
  try {
    passed = await run({
      label: 'Two commerce replicas, one PostgreSQL database',
      replicaCount: 2,
      databaseUrl: postgres.url,
    });
  } finally {
    await postgres.drop();
  }
} else {
  console.log(`\nTwo commerce replicas on PostgreSQL: skipped, ${postgres.reason}.`);
}
passed =
  (await run({ label: 'One commerce replica, SQLite', replicaCount: 1, databaseUrl: null })) &&
  passed;
process.exitCode = passed ? 0 : 1;
