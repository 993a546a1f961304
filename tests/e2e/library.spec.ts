/**
 * The buyer's library on a phone (docs/product.md#library): the receipt's library link opens it
 * without a password; the reader draws the stamped PDF, turns to page 5, and another device
 * opening the same library offers page 5; a refund closes the link and every device it opened.
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openCommerceDatabase } from '../support/commerce-database.js';
import { waitForLibraryLink } from '../support/mailbox.js';
import { payCheckout, startCheckout } from '../support/shop.js';

const PARENTS = { productId: 'ebook-aba-for-parents', quantity: 1 };

test.skip(({ isMobile }) => !isMobile, 'the library journeys are a phone’s');

/** Buys ABA for Parents for this address and returns the receipt's library link. */
async function buyAndGetLibraryLink(page: Page, email: string) {
  const { sessionId } = await startCheckout(page.request, [PARENTS]);
  await payCheckout(page.request, sessionId, email);
  return { sessionId, link: await waitForLibraryLink(email) };
}

/** Opens the library link in a fresh browser context: another phone. */
async function anotherDevice(browser: Browser, link: string, baseURL: string) {
  const context = await browser.newContext({
    ...test.info().project.use,
    baseURL,
  });
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForURL('**/library');
  return { context, page };
}

/** The refund as Stripe's webhook records it: the order refunded, its files revoked. */
async function refund(sessionId: string) {
  const db = await openCommerceDatabase(
    { sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite') },
    { writable: true },
  );
  try {
    await db.run("update orders set status = 'refunded' where checkout_session_id = ?", sessionId);
    await db.run(
      "update entitlements set revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where order_id = (select id from orders where checkout_session_id = ?)",
      sessionId,
    );
  } finally {
    await db.close();
  }
}

test('a receipt opens the library; page 5 read on one phone is offered on another; a refund closes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `library.reader.${Date.now()}@example.com`;
  const { sessionId, link } = await buyAndGetLibraryLink(page, email);

  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(new URL(link).hash.slice(1))) tokenRequests.push(request.url());
  });
  await page.goto(link);
  await page.waitForURL('**/library');
  // The token was in the fragment only: no request's address carried it, and it left the bar.
  expect(tokenRequests).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Your library', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'ABA for Parents' })).toBeVisible();

  await page.getByRole('link', { name: 'Read ABA for Parents' }).click();
  await page.waitForURL('**/library/read/aba-for-parents');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.locator('canvas[data-page="1"]')).toBeVisible();
  for (let turn = 0; turn < 4; turn += 1) {
    await page.getByRole('button', { name: 'Next page' }).click();
  }
  await expect(page.getByText(/^Page 5 of \d+$/)).toBeVisible();
  await expect(page.locator('canvas[data-page="5"]')).toBeVisible();
  // Leaving the page sends the place at once.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/library/progress') && response.ok(),
  );
  await page.getByRole('link', { name: '← Your library' }).click();
  await saved;

  const other = await anotherDevice(browser, link, baseURL as string);
  const continueCard = other.page.getByRole('region', { name: 'Pick up where you left off' });
  await expect(continueCard).toContainText('ABA for Parents, reading: Page 5');
  await continueCard.getByRole('link', { name: /Continue reading/ }).click();
  await expect(other.page.getByText(/^Page 5 of \d+$/)).toBeVisible();
  await expect(other.page.locator('canvas[data-page="5"]')).toBeVisible();

  await refund(sessionId);
  await other.page.goto('/library');
  await expect(
    other.page.getByText('This purchase has been refunded, so its library is no longer available.'),
  ).toBeVisible();
  const stranger = await browser.newContext({ ...test.info().project.use, baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(link);
  await expect(strangerPage.getByText(/has been refunded/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reader.png') });
  await other.context.close();
  await stranger.close();
});
