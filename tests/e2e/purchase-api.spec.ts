/**
 * The commerce service through the storefront's origin: the local test checkout page in
 * Chromium, then the purchase detail and the real files through the same origin.
 */
import { expect, test } from '@playwright/test';
import { payOnTestCheckoutPage, startCheckout } from '../support/shop.js';

test('a parent pays on the test checkout page and downloads the real PDF and MP3', async ({
  page,
  request,
  baseURL,
}) => {
  const { checkoutUrl } = await startCheckout(request, [
    { productId: 'ebook-aba-for-parents', quantity: 1 },
  ]);
  expect(new URL(checkoutUrl).origin).toBe(new URL(baseURL as string).origin);

  await page.goto(checkoutUrl);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$27.99' }).last()).toBeVisible();
  await payOnTestCheckoutPage(page, 'e2e.parent@example.com');
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  const sessionId = new URL(page.url()).searchParams.get('sessionId') as string;

  const detail = await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`);
  expect(detail.status()).toBe(200);
  const purchase = (await detail.json()) as {
    customerEmail: string;
    products: { productName: string; files: { kind: string; url: string }[] }[];
  };
  expect(purchase.customerEmail).toBe('e2e.parent@example.com');
  expect(purchase.products[0]?.productName).toBe('eBook ABA for Parents');

  const pdfUrl = purchase.products[0]?.files.find((file) => file.kind === 'pdf')?.url as string;
  const pdf = await request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-disposition']).toContain('attachment');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const mp3Url = purchase.products[0]?.files.find((file) => file.kind === 'mp3')?.url as string;
  const mp3 = await request.get(mp3Url, { headers: { range: 'bytes=0-2' } });
  expect(mp3.status()).toBe(206);
  // The sample audiobook opens with its ID3 tag, which names the chapters.
  expect((await mp3.body()).toString('latin1')).toBe('ID3');
});

test('cancelling on the test checkout page returns to the cancel page and sells nothing', async ({
  page,
  request,
}) => {
  const { checkoutUrl, sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-case-studies', quantity: 1 },
  ]);
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/checkout\/cancel$/);
  expect((await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)).status()).toBe(
    409,
  );
});
