/**
 * The three legal pages, from the CMS, with their dates and sections (docs/product.md#legal-pages).
 */
import { expect, test } from '@playwright/test';

const PAGES = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    dated: 'Last updated September 26, 2025',
    sections: 6,
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    dated: 'Last updated September 26, 2025',
    sections: 9,
  },
  {
    path: '/no-refund-policy',
    title: 'No Refund Policy',
    dated: 'Effective September 30, 2025',
    sections: 5,
  },
];

for (const legal of PAGES) {
  test(`${legal.path} shows the ${legal.title} with its date and ${legal.sections} sections`, async ({
    page,
  }) => {
    const response = await page.goto(legal.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
    await expect(page.getByText(legal.dated)).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(
      legal.sections,
    );
    await expect(page).toHaveTitle(new RegExp(legal.title));
  });
}

test('the No Refund Policy links to the contact page and the support address', async ({ page }) => {
  await page.goto('/no-refund-policy');
  const main = page.getByRole('main');
  await expect(main.getByText(/7 days/).first()).toBeVisible();
  await expect(main.locator('a[href="/contact"]').first()).toBeVisible();
  await expect(main.locator('a[href^="mailto:"]').first()).toBeVisible();
});

test('the footer reaches every legal page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Privacy Policy', 'Terms & Conditions', 'No Refund Policy']) {
    await expect(footer.getByRole('link', { name }).first()).toBeVisible();
  }
  await footer.getByRole('link', { name: 'No Refund Policy' }).first().click();
  await page.waitForURL(/\/no-refund-policy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Refund Policy');
});
