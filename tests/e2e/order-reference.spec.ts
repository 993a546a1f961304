/**
 * What a buyer's papers name unlocks nothing (docs/product.md#order-reference). A parent pays;
 * the success and thank-you pages show the downloads and the address. The stamped PDF names the
 * order by its number, which opens nothing even then. The journey then moves the order's
 * payment a day back, as a day passing would, and whoever holds the thank-you address gets
 * neither links nor the buyer's address, while the buyer gets fresh links on the account page
 * and by e-mail. On a computer and a phone.
 */
import { devices, expect, test, type APIRequestContext } from '@playwright/test';
import { pageTexts } from '@aba-shop/test-kit/pdf-text';
import { openSharedShopDatabase } from '../support/commerce-database.js';
import { countMailTo, readMailbox } from '../support/mailbox.js';
import { signInByCode } from '../support/sign-in.js';
import { payOnTestCheckoutPage, startCheckout } from '../support/shop.js';

const CASE_STUDIES = { productId: 'ebook-aba-case-studies', quantity: 1 };

/** The payment a day earlier than it was: what a day passing does to the order's page. */
async function aDayPasses(sessionId: string) {
  const db = await openSharedShopDatabase({ writable: true });
  try {
    await db.run(
      "update orders set created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-1 day') where checkout_session_id = ?",
      sessionId,
    );
  } finally {
    await db.close();
  }
}

/** The order number the stamped PDF names, read from its footer. */
async function numberInPdf(request: APIRequestContext, href: string) {
  const response = await request.get(href);
  expect(response.status()).toBe(200);
  const [firstPage] = await pageTexts(await response.body());
  const number = /Order (ABA-\w{4}-\w{4})/.exec(firstPage ?? '')?.[1];
  expect(number, 'the stamp names the order').toBeTruthy();
  return number as string;
}

test('the PDF’s order number opens nothing, a day later the thank-you address neither, and the buyer still gets fresh links', async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  const email = `reference.buyer.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { checkoutUrl } = await startCheckout(request, [CASE_STUDIES]);
  await page.goto(checkoutUrl);
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  const sessionId = new URL(page.url()).searchParams.get('sessionId') as string;

  // Right after payment: the order, its address and its downloads.
  await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.waitForURL(/\/thank-you\/ebook-aba-case-studies\?sessionId=/);
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  const pdfLink = downloads.getByRole('link', { name: /PDF/ });
  await expect(pdfLink).toBeVisible();
  const number = await numberInPdf(request, (await pdfLink.getAttribute('href')) as string);
  expect(number).not.toContain(sessionId);

  // Whoever holds the PDF asks the shop with its number, in the first hour: nothing.
  const byNumber = await request.get(`/api/products/purchase-detail?sessionId=${number}`);
  expect(byNumber.status()).toBe(404);
  expect(await byNumber.text()).not.toContain(email);

  await aDayPasses(sessionId);

  // Whoever holds the thank-you address asks the shop with its session id.
  const reference = sessionId;
  const detail = await request.get(`/api/products/purchase-detail?sessionId=${reference}`);
  expect(detail.status()).toBe(410);
  const refusal = await detail.text();
  expect(refusal).not.toContain(email);
  expect(refusal).not.toContain('/api/downloads/');
  expect(JSON.parse(refusal)).toEqual({
    message:
      'This order page has expired: the download links were e-mailed to the address of the purchase, which can also sign in for fresh ones',
  });

  // A stranger's browser opens the forwarded thank-you and success addresses.
  const stranger = await browser.newContext({
    ...(isMobile ? devices['Pixel 7'] : {}),
    baseURL: new URL(page.url()).origin,
  });
  const strangerPage = await stranger.newPage();
  try {
    await strangerPage.goto(`/thank-you/ebook-aba-case-studies?sessionId=${reference}`);
    const strangerDownloads = strangerPage.getByRole('region', { name: 'Your Downloads' });
    await expect(
      strangerDownloads.getByText(/shows its downloads only in the first hour after payment/),
    ).toBeVisible();
    await expect(strangerDownloads.getByRole('link', { name: /Download/ })).toHaveCount(0);
    await strangerPage.goto(`/checkout/success?sessionId=${reference}`);
    await expect(strangerPage.getByRole('heading', { name: 'Order Page Expired' })).toBeVisible();
    await expect(strangerPage.getByText(`Order ID: ${reference}`)).toBeVisible();
    await expect(strangerPage.getByRole('link', { name: /Download eBook/ })).toHaveCount(0);
    await expect(strangerPage.locator('body')).not.toContainText(email);
    await expect(strangerPage.locator('a[href*="/api/downloads/"]')).toHaveCount(0);
  } finally {
    await stranger.close();
  }

  // The buyer, on the same expired page, has fresh links e-mailed to the purchase address.
  await page.goto(`/checkout/success?sessionId=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Order Page Expired' })).toBeVisible();
  const mailed = countMailTo(email);
  await page.getByLabel('Your purchase e-mail').fill(email);
  await page.getByRole('button', { name: 'E-mail me my links' }).click();
  await expect.poll(() => countMailTo(email), { timeout: 15_000 }).toBeGreaterThan(mailed);
  const fresh = readMailbox()
    .filter((mail) => mail.to === email)
    .at(-1);
  // Quoted-printable may break a long line: the link is read with its soft breaks removed.
  expect(fresh?.raw.replace(/=\r?\n/g, '')).toMatch(/\/api\/downloads\//);

  // And, signed in with the purchase's address, sees the order with fresh links.
  await signInByCode(page, email);
  await page.goto('/account');
  const order = page.getByRole('region', { name: /^Order / });
  await expect(order.getByText(`Order number: ${number}`)).toBeVisible();
  await expect(order).not.toContainText(sessionId);
  const accountPdf = order.getByRole('link', { name: /^Download .*PDF/ }).first();
  const bytes = await (
    await request.get((await accountPdf.getAttribute('href')) as string, {
      headers: { range: 'bytes=0-4' },
    })
  ).body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
