/**
 * Any address the shop does not have: a 404 rendered on the server inside the shop's header
 * and footer, with ways back to the shop, the blog and support (docs/product.md). The blog's
 * own not-found view is in blog.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const WAYS_BACK = [
  ['Browse the eBooks', '/shop'],
  ['Read the blog', '/blog'],
  ['Contact us', '/contact'],
  ['Back to Home', '/'],
] as const;

test('an unknown address shows the shop’s not-found page with ways back', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
  for (const [name, href] of WAYS_BACK)
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(page.getByText('This page could not be found.')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await main.getByRole('link', { name: 'Browse the eBooks' }).click();
  await page.waitForURL((url) => url.pathname === '/shop');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the not-found page is in the server HTML, inside the navbar and footer', async ({
    page,
    request,
  }) => {
    const response = await page.goto('/checkout/nowhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found/);

    const html = await (await request.get('/checkout/nowhere')).text();
    expect(html).not.toContain('id="__next_error__"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});
