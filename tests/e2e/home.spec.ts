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
  await expect(faq.locator('summary')).toHaveCount(8);
  await expect(faq).toContainText('Who are these eBooks written for?');
  await expect(faq).not.toContainText('Are the eBooks suitable for children of all ages?');
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
