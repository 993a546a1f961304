import { expect, test } from '@playwright/test';

test('the home page shows the FAQ from the CMS and the eBook prices from the shop', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  const ebooks = page.getByRole('region', { name: 'Our eBooks' });
  for (const [name, price] of [
    ['eBook ABA for Parents', '$27.99'],
    ['eBook ABA Case Studies', '$19.99'],
    ['eBook ABA Complete Pack', '$42.99'],
  ] as const) {
    const card = ebooks.getByRole('listitem').filter({ hasText: name });
    await expect(card).toContainText(price);
  }

  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  await expect(faq.getByRole('button')).toHaveCount(8);
  await expect(faq).toContainText('Who are these eBooks written for?');
  await expect(faq).not.toContainText('Are the eBooks suitable for children of all ages?');
});

test('the home page shows the ten chapters and three 5-star testimonials from the CMS', async ({
  page,
}) => {
  await page.goto('/');
  const chapters = page.getByRole('region', { name: "What You'll Learn Inside" });
  await expect(chapters.getByRole('listitem')).toHaveCount(10);
  await expect(chapters).toContainText('Chapter 10');
  const testimonials = page.getByRole('region', { name: 'What parents say' });
  await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
  const photos = testimonials.locator('img[alt]:not([alt=""])');
  await expect(photos).toHaveCount(3);
  // The photos load lazily, as they come into view; each must then be a real image.
  await photos.first().scrollIntoViewIfNeeded();
  await expect
    .poll(() => photos.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
});

test('the FAQ accordion opens one answer at a time, and closes the open one when chosen again', async ({
  page,
}) => {
  await page.goto('/');
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const first = faq.getByRole('button', { name: 'Who are these eBooks written for?' });
  const second = faq.getByRole('button', { name: 'What do I get when I buy an eBook?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText(/children from 2 to 18 years old/)).toBeVisible();
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
});

test('the hero and closing calls to action lead to the shop and the contact page', async ({
  page,
}) => {
  await page.goto('/');
  for (const [name, href] of [
    ['Start Your Journey Today', '/shop'],
    ['Get Support', '/contact'],
    ['Get Your Copy Now', '/shop'],
    ['Get the Ebooks now', '/shop'],
    ['Have Questions? Contact Us', '/contact'],
  ] as const) {
    await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      href,
    );
  }
  for (const name of ['Feeling Overwhelmed', 'Inconsistent Progress', 'Family Frustration']) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
});

test('the storefront forwards /api/products to the commerce service on the same origin', async ({
  request,
}) => {
  const response = await request.get('/api/products');
  expect(response.status()).toBe(200);
  const products = (await response.json()) as { name: string; price: number; currency: string }[];
  expect(products.map((product) => [product.name, product.price, product.currency])).toEqual([
    ['eBook ABA for Parents', 2799, 'usd'],
    ['eBook ABA Case Studies', 1999, 'usd'],
    ['eBook ABA Complete Pack', 4299, 'usd'],
    ['ABA Parent Support Membership', 999, 'usd'],
  ]);
});
