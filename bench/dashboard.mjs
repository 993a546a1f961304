#!/usr/bin/env node
/**
 * The owner's overview on a phone (issue 34; run `npm run build` first, then
 * `npm run bench:dashboard`): the built shop whose commerce database holds the support console's
 * two years (100,000 orders, 5,000 memberships; bench/support/seed-support-console.mjs), an
 * administrator's Pixel 7 in Chromium throttled to Lighthouse's mobile preset (150 ms round
 * trips, 1.6 Mbit/s down, CPU 4× slower), a fresh browser context each run. Figures, each the
 * median of BENCH_RUNS runs, against docs/performance.md ("The owner's overview"):
 * - `/admin` opened to its figures shown and its first chart drawn (≤ 2 s: the page is
 *   interactive then, its period buttons answer);
 * - 'Ultimi 12 mesi' pressed to the year's figures shown;
 * - beside them, the framework's floor on the same profile: a bare Next.js page rendered per
 *   request with one button (bench/support/bare-next.mjs), opened until a press is answered;
 * - the first-load JavaScript of `/admin` (none: the overview is drawn on the server, ADR 0038)
 *   and, beside it, of the shop's pages.
 * BENCH_SCREENSHOT=file.png also saves the whole overview as the phone shows it, unthrottled.
 * Exits with 1 when a budget is missed.
 */
import path from 'node:path';
import { assertSupportedNode } from '../scripts/lib/node-version.mjs';
import { startBareNextApp } from './support/bare-next.mjs';
import { firstLoadJavaScript } from './support/first-load.mjs';
import { seedSupportConsole } from './support/seed-support-console.mjs';
import { signInByOutbox } from './support/sign-in-by-outbox.mjs';
import { throttleLikeLighthouseMobile } from './support/throttled-phone.mjs';

assertSupportedNode();
const { startStack } = await import('../tests/support/stack.ts');
const { openDatabase } = await import('../commerce-service/dist/db/connect.js');
const { chromium, devices } = await import('playwright');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 2000;
const ADMIN = 'admin@example.com';
const PAGES = ['/', '/shop', '/blog', '/membership', '/admin'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The first day of 'Ultimi 12 mesi' as the overview names it: '29 nov 2025'. */
const yearStart = () =>
  new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.now() - 364 * 86_400_000));
/** A Cookie header's cookies, for a browser context on the storefront. */
const cookiesOf = (header) =>
  header.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: storefront };
  });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const stack = await startStack({ env: { RATE_LIMITS: 'off', ADMIN_EMAILS: ADMIN } });
const storefront = stack.urls.storefront;
const db = openDatabase({ sqliteFile: path.join(stack.dataDir, 'commerce.sqlite') });
const browser = await chromium.launch({ executablePath: CHROMIUM });
let missed = 0;
try {
  const started = performance.now();
  await seedSupportConsole(db, { orders: 100_000, records: 5_000, addresses: 60_000 });
  console.log(
    `Seeded 100,000 orders and 5,000 memberships in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const cookie = await signInByOutbox(db, stack.urls.commerce, ADMIN);

  console.log('\nFirst-load JavaScript (gzip):');
  for (const page of PAGES) {
    const js = await firstLoadJavaScript(`${storefront}${page}`, { cookie });
    // The overview runs no script: any would be code the phone waits for.
    const scripted = page === '/admin' && js.files > 0;
    if (scripted) missed += 1;
    console.log(
      `  ${page.padEnd(12)} ${js.kilobytes.toFixed(1).padStart(6)} KB in ${js.files} files${scripted ? '  (SCRIPTS ON THE OVERVIEW)' : ''}`,
    );
  }

  const opened = [];
  const year = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: storefront });
    await context.addCookies(cookiesOf(cookie));
    const page = await context.newPage();
    await throttleLikeLighthouseMobile(context, page);
    const shown = page.getByRole('status').filter({ hasText: 'Dati del periodo' });
    let begun = Date.now();
    await page.goto('/admin', { waitUntil: 'commit' });
    await shown.waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: /^Ricavi per giorno/ }).waitFor({ timeout: 30_000 });
    opened.push(Date.now() - begun);
    begun = Date.now();
    await page.getByRole('button', { name: 'Ultimi 12 mesi' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Dati del periodo ${yearStart()} –` })
      .waitFor({ timeout: 30_000 });
    year.push(Date.now() - begun);
    await context.close();
  }
  if (process.env.BENCH_SCREENSHOT) {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: storefront });
    await context.addCookies(cookiesOf(cookie));
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByRole('img', { name: /^Vendite per prodotto/ }).waitFor();
    await page.screenshot({ path: process.env.BENCH_SCREENSHOT, fullPage: true });
    await context.close();
  }
  const floor = await bareNextFloor(browser);
  const openedMs = median(opened);
  const meets = openedMs <= BUDGET_MS;
  if (!meets) missed += 1;
  console.log(`\nA Pixel 7, throttled (mobile preset), median of ${RUNS} runs:`);
  console.log(
    `  /admin opened → figures and first chart shown  ${String(openedMs).padStart(5)} ms  (budget ${BUDGET_MS} ms: ${meets ? 'met' : 'MISSED'}; runs ${opened.join(', ')})`,
  );
  console.log(
    `  'Ultimi 12 mesi' → the year's figures shown     ${String(median(year)).padStart(5)} ms  (runs ${year.join(', ')})`,
  );
  console.log(
    `  A bare Next.js page → its button answers        ${String(median(floor)).padStart(5)} ms  (the framework's floor on this profile; runs ${floor.join(', ')})`,
  );
} finally {
  await browser.close();
  await db.destroy();
  await stack.stop();
}
console.log(missed ? `\n${missed} budget(s) missed.` : '\nEvery budget met.');
process.exitCode = missed ? 1 : 0;

/**
 * The least any page of the shop's framework takes on the throttled phone to answer a press:
 * the bare app's `/pressed`, opened as `/admin` is, pressed until its count moves. A press
 * before React has hydrated the button is lost, as a buyer's would be.
 */
async function bareNextFloor(browser) {
  const bare = await startBareNextApp();
  const runs = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: bare.url });
      const page = await context.newPage();
      await throttleLikeLighthouseMobile(context, page);
      const button = page.getByRole('button', { name: /^Pressed/ });
      const begun = Date.now();
      await page.goto('/pressed', { waitUntil: 'commit' });
      await button.waitFor({ timeout: 30_000 });
      while ((await button.textContent()) === 'Pressed 0 times') {
        await button.dispatchEvent('click');
        await page.waitForTimeout(20);
      }
      runs.push(Date.now() - begun);
      await context.close();
    }
  } finally {
    bare.stop();
  }
  return runs;
}
