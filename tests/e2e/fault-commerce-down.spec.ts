/**
 * Faults (issue 8): the commerce service stops. Content pages still answer; the shop says its
 * eBooks cannot be shown when it never had them; with the eBooks already shown, the cart's
 * checkout gives the spec's alert and Buy Now the checkout error page. Nothing is blank and the
 * browser sees no 500: the storefront answers its /api/* calls with a 503 in JSON. When the
 * service is back, checkout works again without restarting the storefront. A second storefront
 * points at a commerce service of the test's own, which the test really stops and starts.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptAlerts } from '../support/alerts.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { freePort, startCommerceService, startStorefront } from '../support/stack.js';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const CONTENT_PAGES = ['/', '/about', '/blog', '/blog/featured-1', '/contact', '/privacy-policy'];
const UNAVAILABLE = 'The shop is temporarily unavailable. Please try again in a moment.';
const PARENTS = 'eBook ABA for Parents';

/**
 * What the browser met that it should not have: answers of 500 or above other than the storefront's
 * 503 for an /api/* call, uncaught page errors, and console errors other than the session check's
 * log line (docs/product.md#api: it is logged). The browser's own console notes of failed loads are
 * left to the answers' check, which sees their status and address.
 */
function watchForFailures(page: Page) {
  const failures: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const expected = response.status() === 503 && pathname.startsWith('/api/');
    if (response.status() >= 500 && !expected) failures.push(`${response.status()} ${pathname}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const expected =
      text.startsWith('Failed to load resource:') ||
      text === 'Failed to fetch the current user 503';
    if (!expected) failures.push(`console: ${text}`);
  });
  return failures;
}

async function expectContentPagesAnswer(page: Page, storefront: string) {
  for (const path of CONTENT_PAGES) {
    const response = await page.goto(`${storefront}${path}`);
    expect(response?.status(), path).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    expect((await main.innerText()).length, `${path} is not blank`).toBeGreaterThan(200);
  }
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const cartDrawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

test('without the commerce service the pages still answer, the shop and the checkout say so, and checkout works again once it is back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const storefrontPort = await freePort();
  const commercePort = await freePort();
  const storefront = await startStorefront({
    dataDir: process.env.E2E_DATA_DIR ?? '',
    port: storefrontPort,
    cmsPort: Number(new URL(process.env.E2E_CMS_URL ?? '').port),
    commercePort,
  });
  let commerce: Awaited<ReturnType<typeof startCommerceService>> | undefined;
  const failures = watchForFailures(page);
  const alerts = acceptAlerts(page);
  try {
    // Never started: the storefront has never seen the eBooks.
    await expectContentPagesAnswer(page, storefront.url);
    const shop = await page.goto(`${storefront.url}/shop`);
    expect(shop?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'eBook Collection' })).toBeVisible();
    await expect(page.getByText('Our eBooks cannot be shown right now.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Have Questions? Contact Us' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(failures).toEqual([]);

    commerce = await startCommerceService({ port: commercePort, storefrontPort });
    await page.goto(`${storefront.url}/shop`);
    await card(page, PARENTS).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card(page, PARENTS).getByRole('button', { name: 'Added to Cart' })).toBeVisible();

    await commerce.stop();
    await expectContentPagesAnswer(page, storefront.url);
    await page.goto(`${storefront.url}/shop`);
    await page.getByRole('button', { name: /^Cart, / }).click();
    await cartDrawer(page).getByRole('button', { name: 'Checkout' }).click();
    await expect.poll(() => alerts).toEqual(['Failed to proceed to checkout. Please try again.']);
    await expect(cartDrawer(page).getByRole('button', { name: 'Checkout' })).toBeEnabled();
    await cartDrawer(page).getByRole('button', { name: 'Close cart' }).click();

    await card(page, PARENTS).getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout\/error\?message=/);
    await expect(page.getByRole('heading', { name: 'Errore nel Checkout' })).toBeVisible();
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();

    const answer = await page.request.get(`${storefront.url}/api/products`);
    expect(answer.status()).toBe(503);
    expect(answer.headers()['retry-after']).toBe('5');
    expect(await answer.json()).toEqual({ message: UNAVAILABLE, error: UNAVAILABLE });
    expect(failures).toEqual([]);

    // Back again: the same storefront sells, with nothing restarted but the service.
    await commerce.start();
    await page.goto(`${storefront.url}/shop`);
    await page.getByRole('button', { name: /^Cart, / }).click();
    const checkoutTab = page.waitForEvent('popup');
    await cartDrawer(page).getByRole('button', { name: 'Checkout' }).click();
    await expect(await checkoutTab).toHaveURL(/\/api\/checkout\/local\/cs_local_/);
    expect(failures).toEqual([]);
  } finally {
    await storefront.stop();
    await commerce?.close();
  }
});
