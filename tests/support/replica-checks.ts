/**
 * What the replica journey (e2e/replicas.spec.ts) and `npm run bench:replicas` measure on the
 * topology of ./replicas.ts, in plain fetch calls so that both can run them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CMS_EDITOR } from './cms-admin.ts';
import { pool } from './pool.ts';
import type { Replicas } from './replicas.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates and publishes a home-page FAQ item through the CMS's admin API, as Publish does. */
export async function publishFaq(cms: string, question: string) {
  const login = await fetch(`${cms}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CMS_EDITOR),
  });
  if (login.status !== 200) throw new Error(`The CMS sign-in answered ${login.status}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${cms}/content-manager/collection-types/api::faq-item.faq-item`;
  const created = await fetch(base, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      question,
      answer: 'Yes: on every replica.',
      placement: 'home',
      order: 1,
    }),
  });
  if (created.status !== 201) throw new Error(`Creating the FAQ item answered ${created.status}`);
  const { documentId } = ((await created.json()) as { data: { documentId: string } }).data;
  const published = await fetch(`${base}/${documentId}/actions/publish`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (published.status !== 200) throw new Error(`Publishing answered ${published.status}`);
}

/**
 * Publishes a new FAQ question once every storefront replica's home page is cached, then asks
 * each replica directly until its home page shows it. Resolves with each replica's delay in ms
 * after the publish answered (Infinity for one that did not show it within `withinMs`).
 */
export async function publishAndWatch(replicas: Replicas, withinMs = 10_000) {
  const question = `Does a change reach every replica? (${Date.now()})`;
  for (const storefront of replicas.storefronts) {
    for (let view = 0; view < 2; view++) await (await fetch(`${storefront.url}/`)).text();
  }
  await publishFaq(replicas.cms, question);
  const published = Date.now();
  return Promise.all(
    replicas.storefronts.map(async (storefront) => {
      while (Date.now() - published < withinMs) {
        const html = await (await fetch(`${storefront.url}/`)).text();
        if (html.includes(question)) return Date.now() - published;
        await sleep(50);
      }
      return Number.POSITIVE_INFINITY;
    }),
  );
}

/**
 * Sign-in code requests from one visitor, sent to the storefront replicas in turn (each reads
 * its own commerce replica), until one is refused. Resolves with the number of the refused
 * request, or null when none of `upTo` was.
 */
export async function signInRequestsUntilRefused(replicas: Replicas, upTo = 30) {
  // A visitor of the run's own: the storefronts believe X-Forwarded-For from loopback.
  const visitor = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  for (let request = 1; request <= upTo; request++) {
    const storefront = replicas.storefronts[request % replicas.storefronts.length];
    const response = await fetch(`${storefront?.url}/api/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
      body: JSON.stringify({ email: `limit-${request}@replicas.example` }),
    });
    if (response.status === 429) return request;
    if (response.status !== 200) throw new Error(`send-otp answered ${response.status}`);
  }
  return null;
}

/** One buyer: a checkout started on one commerce replica and paid on the other. */
async function buy(replicas: Replicas, run: string, index: number) {
  const [starting, paying] = index % 2 ? replicas.commerce : [...replicas.commerce].reverse();
  // Each buyer is a visitor of their own, as a thousand parents are.
  const visitor = `10.${(index >> 8) & 255}.${index & 255}.${run.length}`;
  const created = await fetch(`${starting?.url}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
    body: JSON.stringify({
      products: [
        { productId: index % 3 ? 'ebook-aba-for-parents' : 'ebook-aba-complete-pack', quantity: 1 },
      ],
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    }),
  });
  if (created.status !== 200) throw new Error(`create-checkout-session answered ${created.status}`);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };
  const sessionId = new URL(checkoutUrl).pathname.split('/').pop();
  const paid = await fetch(`${paying?.url}/api/checkout/local/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'x-forwarded-for': visitor },
    body: new URLSearchParams({
      email: `buyer-${run}-${index}@replicas.example`,
      terms: 'accepted',
    }),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}`);
}

/** How many .eml files in the shared mail folder went to the run's buyers, and to how many. */
function buyerMail(mailDir: string, run: string) {
  const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
  const recipients = files
    .map((name) => /^To: (.+)$/m.exec(readFileSync(path.join(mailDir, name), 'utf8'))?.[1]?.trim())
    .filter((to) => to?.startsWith(`buyer-${run}-`));
  return { mails: recipients.length, buyers: new Set(recipients).size };
}

/**
 * `count` checkouts, `concurrency` at a time, each started on one commerce replica and paid on
 * the other; then waits (up to `mailWithinMs`) for the confirmation e-mails. Counted in the
 * database and the mail folder, not from the answers.
 */
export async function checkoutsAcrossReplicas(
  replicas: Replicas,
  { count = 1000, concurrency = 50, mailWithinMs = 120_000 } = {},
) {
  const run = Math.random().toString(36).slice(2, 8);
  const started = Date.now();
  const buyers = Array.from({ length: count }, (_, index) => index);
  await pool(buyers, concurrency, (index) => buy(replicas, run, index));
  const checkoutsMs = Date.now() - started;
  const db = new pg.Client({ connectionString: replicas.databaseUrl });
  await db.connect();
  try {
    const orders = async () =>
      Number(
        (
          await db.query<{ count: string }>(
            `select count(*) as count from orders where email like $1`,
            [`buyer-${run}-%`],
          )
        ).rows[0]?.count,
      );
    let mail = buyerMail(replicas.mailDir, run);
    while (mail.mails < count && Date.now() - started < mailWithinMs) {
      await sleep(250);
      mail = buyerMail(replicas.mailDir, run);
    }
    // One more poll of the mail workers: an e-mail sent twice would show now.
    await sleep(1_500);
    mail = buyerMail(replicas.mailDir, run);
    return { orders: await orders(), ...mail, checkoutsMs, totalMs: Date.now() - started };
  } finally {
    await db.end();
  }
}
