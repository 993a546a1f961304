/**
 * The buyer's library on a phone (docs/product.md#library): the receipt's library link opens it
 * without a password; the reader draws the stamped PDF, turns to page 5, and another device
 * opening the same library offers page 5; a refund closes the link and every device it opened.
 */
import { expect, test, type Browser } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { openSharedShopDatabase } from '../support/commerce-database.js';
import { buyForLibrary } from '../support/shop.js';

const PARENTS = { productId: 'ebook-aba-for-parents', quantity: 1 };

test.skip(({ isMobile }) => !isMobile, 'the library journeys are a phone’s');

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
  const db = await openSharedShopDatabase({ writable: true });
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
  const { sessionId, link } = await buyForLibrary(page.request, [PARENTS], email);

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
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Read ABA for Parents' }).click();
  await page.waitForURL('**/library/read/aba-for-parents');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.locator('canvas[data-page="1"]')).toBeVisible();
  for (let turn = 0; turn < 4; turn += 1) {
    await page.getByRole('button', { name: 'Next page' }).click();
  }
  await expect(page.getByText(/^Page 5 of \d+$/)).toBeVisible();
  await expect(page.locator('canvas[data-page="5"]')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The keyboard turns pages too, and the page's text is there for a screen reader.
  await page.getByRole('group', { name: /page 5\. Left and right arrow keys/ }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(/^Page 4 of \d+$/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/^Page 5 of \d+$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Text of page 5' })).toContainText(/\w+/);
  // The book's own chapter list jumps, and goes back to page 5 the same way.
  await page.getByLabel('Chapter').selectOption({ label: '4. Routines and Visual Supports' });
  await expect(page.getByText(/^Page 6 of \d+$/)).toBeVisible();
  await expect(page.locator('canvas[data-page="6"]')).toBeVisible();
  await page.getByLabel('Go to page').fill('5');
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(page.getByText(/^Page 5 of \d+$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('reader.png') });
  // The place reaches the shop as the pages turn (or at the latest as the page is left).
  await page.getByRole('link', { name: '← Your library' }).click();
  await expect
    .poll(async () => {
      const library = await (await page.request.get('/api/library')).json();
      return library.books?.[0]?.files?.[0]?.progress?.position;
    })
    .toBe(5);

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
  await other.context.close();
  await stranger.close();
});

test('the player: chapter 4 at 1.5×, on the lock screen, and the same second and speed after a reload', async ({
  page,
}) => {
  const email = `library.listener.${Date.now()}@example.com`;
  const { link } = await buyForLibrary(page.request, [PARENTS], email);
  await page.goto(link);
  await page.waitForURL('**/library');
  await page.getByRole('link', { name: 'Listen to ABA for Parents' }).click();
  await page.waitForURL('**/library/listen/aba-for-parents');

  const chapters = page.getByRole('navigation', { name: 'Chapters' });
  await expect(chapters.getByRole('button')).toHaveCount(10);
  const fourth = chapters.getByRole('button', { name: /^4\. Routines and Visual Supports/ });
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/library/progress') && response.ok(),
  );
  await fourth.click();
  await saved;
  await expect(fourth).toHaveAttribute('aria-current', 'true');
  await page.getByLabel('Speed').selectOption('1.5');
  await expect(page.getByRole('heading', { name: 'Routines and Visual Supports' })).toBeVisible();
  await expect(page.getByTestId('player-time')).toHaveText('0:54');
  // What the lock screen and the car show.
  expect(
    await page.evaluate(() => {
      const metadata = navigator.mediaSession.metadata;
      return metadata && { title: metadata.title, artist: metadata.artist };
    }),
  ).toEqual({ title: 'Routines and Visual Supports', artist: 'ABA for Parents' });

  await page.reload();
  const fourthAgain = page
    .getByRole('navigation', { name: 'Chapters' })
    .getByRole('button', { name: /^4\. Routines and Visual Supports/ });
  await expect(fourthAgain).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('player-time')).toHaveText('0:54');
  await expect(page.getByLabel('Speed')).toHaveValue('1.5');
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.querySelector('audio')?.playbackRate)).toBe(1.5);
  await page.screenshot({ path: test.info().outputPath('player.png') });
});

test('a book kept on the phone is read and heard offline, and the places go to the shop once back online', async ({
  page,
  context,
}) => {
  const email = `library.offline.${Date.now()}@example.com`;
  const { link } = await buyForLibrary(page.request, [PARENTS], email);
  await page.goto(link);
  await page.waitForURL('**/library');
  await page.getByRole('button', { name: 'Keep on this device (ABA for Parents)' }).click();
  await expect(page.getByText('Kept on this device')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  await context.setOffline(true);
  await page.goto('/library/read/aba-for-parents');
  await expect(page.locator('canvas[data-page="1"]')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.locator('canvas[data-page="3"]')).toBeVisible();

  await page.goto('/library/listen/aba-for-parents');
  const second = page
    .getByRole('navigation', { name: 'Chapters' })
    .getByRole('button', { name: /^2\. Observing Behaviour/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('player-time')).toHaveText('0:18');
  // Offline, nothing reached the shop: the places wait on the phone.
  await page.goto('/library');
  await expect(page.getByRole('heading', { name: 'ABA for Parents' })).toBeVisible();

  await context.setOffline(false);
  await page.reload();
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/library');
      const files = (await answer.json()).books?.[0]?.files ?? [];
      return files.map(
        (file: { progress: { position: number } | null }) => file.progress?.position,
      );
    })
    .toEqual([3, 18_000]);
});
