/** About Us (docs/product.md#about): every section, and the way on to the shop and to support. */
import { expect, test } from '@playwright/test';

test('About Us shows the claims, mission, expertise, values, impact and trust badges', async ({
  page,
}) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  const main = page.getByRole('main');
  for (const text of [
    'Licensed ABA Professionals',
    '5,000+ Families Served',
    'Evidence-Based Practices',
    'Parent Training and Support',
    'Individualized Programming',
    'Social Skills Development',
    'Evidence-Based Practice',
    'Professional Development',
    'Respect and Dignity',
    'Scientific Integrity',
    'Family-Centered Care',
    'Accessible Education',
    'Practical Application',
    'Ongoing Support',
    'Trusted by Parents',
    'Proven Results',
  ]) {
    await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
  for (const [figure, label] of [
    ['15+', 'years of combined experience'],
    ['5,000+', 'families served'],
    ['95%', 'parent satisfaction rate'],
    ['50+', 'research studies referenced'],
  ] as const) {
    await expect(main.getByText(label, { exact: true })).toBeVisible();
    await expect(main.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(main.getByRole('heading', { name: 'Ready to Start Your Journey?' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Explore Our Resources' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expect(main.getByRole('link', { name: 'Get Support' })).toHaveAttribute('href', '/contact');
});

test('the navbar leads to About Us and marks it as the current page', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'About Us' })
    .click();
  await page.waitForURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About ABA Parent Guides');
  if (isMobile) {
    // The menu closed when the link was chosen.
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  } else {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }),
    ).toHaveAttribute('aria-current', 'page');
  }
});
