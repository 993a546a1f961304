/**
 * axe-core on every page of the site, as a visitor first sees it and with its interactive
 * parts open: no serious or critical violation anywhere.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const PAGES = [
  '/',
  '/about',
  '/blog',
  '/blog/featured-1',
  '/blog/no-such-post',
  '/contact',
  '/privacy-policy',
  '/terms-and-conditions',
  '/no-refund-policy',
  '/login',
  '/auth/callback',
  '/account',
];

for (const path of PAGES) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test('an open FAQ answer and the open mobile menu have no serious violation', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Who are these eBooks written for?' }).click();
  await expectNoSeriousAxeViolations(page);
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});
