/**
 * After the payment: the checkout success, cancel and error pages and the thank-you pages,
 * with the local test checkout, the signed downloads and the 'e-mail me my links' form.
 */
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { countMailTo } from '../support/mailbox.js';
import { payCheckout, payOnTestCheckoutPage, startCheckout } from '../support/shop.js';

const PACK = { productId: 'ebook-aba-complete-pack', quantity: 1 };
const CASE_STUDIES = { productId: 'ebook-aba-case-studies', quantity: 1 };

/** Records the ad pixel's events: the page's own `fbq` is replaced before any script runs. */
async function recordPixelEvents(page: Page) {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    Object.assign(window, { pixelCalls: calls, fbq: (...args: unknown[]) => calls.push(args) });
  });
}

async function purchaseEvents(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { pixelCalls: unknown[][] }).pixelCalls ?? []).filter(
      (call) => call[0] === 'track' && call[1] === 'Purchase',
    ),
  );
}

async function paidSession(request: APIRequestContext, email: string, products = [PACK]) {
  const { sessionId } = await startCheckout(request, products);
  await payCheckout(request, sessionId, email);
  return sessionId;
}

/** Fetches a download button's signed link and returns the first bytes of the file. */
async function downloadStart(request: APIRequestContext, href: string | null) {
  expect(href).toMatch(/\/api\/downloads\/[^/]+$/);
  const response = await request.get(href as string, { headers: { range: 'bytes=0-4' } });
  expect([200, 206]).toContain(response.status());
  return response.body();
}

function expectPdf(bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
}

function expectMp3(bytes: Buffer) {
  const id3 = bytes.subarray(0, 3).toString() === 'ID3';
  const frameSync = bytes[0] === 0xff && ((bytes[1] as number) & 0xe0) === 0xe0;
  expect(id3 || frameSync, `MP3 starts with ${bytes.subarray(0, 4).toString('hex')}`).toBe(true);
}

/** Waits until the page has pushed its Back-to-shop history entry (after hydration). */
async function waitForBackGuard(page: Page) {
  await page.waitForFunction(() => window.history.state?.backGoesToShop === true);
}

test('a parent pays for two eBooks, sees the order, and lands on the first one’s thank-you page with working downloads', async ({
  page,
  request,
  isMobile,
}) => {
  await recordPixelEvents(page);
  const email = `checkout.buyer.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { checkoutUrl } = await startCheckout(request, [PACK, CASE_STUDIES]);

  await page.goto(checkoutUrl);
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  const sessionId = new URL(page.url()).searchParams.get('sessionId') as string;

  await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  const shownAt = Date.now();
  await expect(page.getByRole('heading', { name: 'Your Order (2 items)' })).toBeVisible();
  await expect(page.getByText('eBook ABA Complete Pack', { exact: true })).toBeVisible();
  await expect(page.getByText('eBook ABA Case Studies', { exact: true })).toBeVisible();
  await expect(page.getByText('$42.99 · Audiobook included')).toBeVisible();
  await expect(page.getByText('$19.99 · Audiobook included')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download eBook/ })).not.toHaveCount(0);
  // The order's reference is the session id of the address, as the admin's records list it.
  await expect(page.getByText('Order ID:').locator('..')).toHaveText(`Order ID: ${sessionId}`);
  await expect(page.getByText(email)).toBeVisible();
  expect(await purchaseEvents(page)).toEqual([
    [
      'track',
      'Purchase',
      expect.objectContaining({
        content_ids: expect.arrayContaining(['ebook-aba-complete-pack', 'ebook-aba-case-studies']),
        content_type: 'product',
        value: 62.98,
        currency: 'USD',
        num_items: 2,
      }),
    ],
  ]);

  // "The first product" is the first of the purchase detail, whose order the service decides.
  const detail = (await (
    await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)
  ).json()) as { products: { productId: string }[] };
  const firstSlug = detail.products[0]?.productId as string;
  // History is replaced: the thank-you page of the first product, carrying the session.
  await page.waitForURL(
    (url) =>
      url.pathname === `/thank-you/${firstSlug}` && url.searchParams.get('sessionId') === sessionId,
    { timeout: 4500 },
  );
  expect(Date.now() - shownAt).toBeGreaterThan(2000);
  await expect(page.getByText(/^Order ID: /)).toHaveText(`Order ID: ${sessionId}`);

  // The pack holds both books, so whichever page it is, all four files are there.
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  const packButtons = [
    'Download ABA for Parents eBook (PDF)',
    'Download ABA Case Studies eBook (PDF)',
    'Download ABA for Parents Audiobook (MP3)',
    'Download ABA Case Studies Audiobook (MP3)',
  ];
  for (const name of packButtons)
    await expect(downloads.getByRole('link', { name, exact: true })).toBeVisible();
  expectPdf(
    await downloadStart(
      request,
      await downloads.getByRole('link', { name: packButtons[1] }).getAttribute('href'),
    ),
  );
  expectMp3(
    await downloadStart(
      request,
      await downloads.getByRole('link', { name: packButtons[2] }).getAttribute('href'),
    ),
  );

  // The success page's event, then the thank-you page's own, for its one product.
  const events = await purchaseEvents(page);
  expect(events).toHaveLength(2);
  expect(events[1]?.[2]).toMatchObject({ content_ids: [firstSlug], currency: 'USD' });
  await expectNoSeriousAxeViolations(page);
});

test('the complete pack’s page offers its four files and always sends 42.99', async ({
  page,
  request,
  isMobile,
}) => {
  await recordPixelEvents(page);
  const sessionId = await paidSession(
    request,
    `checkout.pack.${isMobile ? 'phone' : 'desktop'}@example.com`,
    [PACK],
  );
  await page.goto(`/thank-you/ebook-aba-complete-pack?sessionId=${sessionId}`);
  await expect(
    page.getByRole('heading', { name: 'Congratulations on Your Complete ABA Library!' }),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Your Complete ABA Resource Library' }),
  ).toBeVisible();
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  await expect(downloads.getByRole('link')).toHaveCount(4);
  expectMp3(
    await downloadStart(
      request,
      await downloads
        .getByRole('link', { name: 'Download ABA Case Studies Audiobook (MP3)' })
        .getAttribute('href'),
    ),
  );
  expect(await purchaseEvents(page)).toEqual([
    [
      'track',
      'Purchase',
      {
        content_name: 'eBook ABA Complete Pack',
        content_ids: ['ebook-aba-complete-pack'],
        content_type: 'product',
        value: 42.99,
        currency: 'USD',
      },
    ],
  ]);
  await expectNoSeriousAxeViolations(page);
});

test('the success view passes axe and offers Go to Download Page Now, then the case studies page gives its two files', async ({
  page,
  request,
  isMobile,
}) => {
  const sessionId = await paidSession(
    request,
    `checkout.axe.${isMobile ? 'phone' : 'desktop'}@example.com`,
    [CASE_STUDIES],
  );
  // The redirect's request for the thank-you page is held while axe reads the success view.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/thank-you\//, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto(`/checkout/success?sessionId=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Order (1 item)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Download Page Now' })).toHaveAttribute(
    'href',
    `/thank-you/ebook-aba-case-studies?sessionId=${sessionId}`,
  );
  await expectNoSeriousAxeViolations(page);
  holding = false;
  for (const route of held) await route.continue();

  await page.waitForURL(`/thank-you/ebook-aba-case-studies?sessionId=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Tip: Keep a Progress Diary' })).toBeVisible();
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  expectPdf(
    await downloadStart(
      request,
      await downloads.getByRole('link', { name: 'Download eBook PDF' }).getAttribute('href'),
    ),
  );
  expectMp3(
    await downloadStart(
      request,
      await downloads.getByRole('link', { name: 'Download Audiobook (MP3)' }).getAttribute('href'),
    ),
  );
});

test('browser Back on the success, cancel and error pages goes to /shop', async ({ page }) => {
  for (const path of ['/checkout/success', '/checkout/cancel', '/checkout/error?message=Nope']) {
    await page.goto('/about');
    await page.goto(path);
    await waitForBackGuard(page);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/shop');
  }
});

test('the success page without a sessionId says so', async ({ page }) => {
  await page.goto('/checkout/success');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Missing sessionId parameter');
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  await expectNoSeriousAxeViolations(page);
});

test('an unknown sessionId shows Purchase Information Not Found with Back to Shop', async ({
  page,
}) => {
  await page.goto('/checkout/success?sessionId=cs_local_does_not_exist');
  await expect(page.getByRole('heading', { name: 'Purchase Information Not Found' })).toBeVisible();
  await expect(page.getByText('Please check if the sessionId is correct')).toBeVisible();
  await expect(page.getByText('Purchase Failed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Retry Verification' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Back to Shop' }).click();
  await page.waitForURL((url) => url.pathname === '/shop');
});

test('a checkout that is not paid shows Purchase Failed with the server’s reason and Retry Verification', async ({
  page,
  request,
}) => {
  const { sessionId } = await startCheckout(request, [CASE_STUDIES]);
  await page.goto(`/checkout/success?sessionId=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Purchase Failed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Failed to get purchase information: The payment for this session is not complete',
  );
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Retry Verification' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase Failed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
});

test('Cancel on the test checkout page leads to Payment Cancelled', async ({ page, request }) => {
  const { checkoutUrl } = await startCheckout(request, [CASE_STUDIES]);
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname === '/checkout/cancel');
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('no charges were made')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  await expect(page.getByRole('link', { name: 'Need Help? Contact Support' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expectNoSeriousAxeViolations(page);
});

test('the checkout error page shows the message it is given, as text, in Italian', async ({
  page,
}) => {
  await page.goto('/checkout/error?message=Nope');
  await expect(page.getByRole('heading', { name: 'Errore nel Checkout' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Nope');
  await expect(page.getByRole('link', { name: 'Torna allo Shop' })).toHaveAttribute(
    'href',
    '/shop',
  );
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/checkout/error?message=${encodeURIComponent('<b>bold</b>')}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('<b>bold</b>');
  await page.goto('/checkout/error');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Si è verificato un errore sconosciuto.',
  );
});

test('a thank-you page without a purchase e-mails the links instead of showing files', async ({
  page,
  request,
  isMobile,
}) => {
  await recordPixelEvents(page);
  const email = `checkout.resend.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await paidSession(request, email, [CASE_STUDIES]);
  const mailsBefore = countMailTo(email);

  await page.goto('/thank-you/ebook-aba-for-parents');
  await expect(page.getByRole('heading', { name: 'Thank You for Your Purchase!' })).toBeVisible();
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  await expect(downloads.getByRole('link')).toHaveCount(0);
  await expect(page.getByText('Order ID')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'How to Listen to the Audiobook' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Next Steps' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect((await purchaseEvents(page))[0]?.[2]).toMatchObject({ value: 27.99 });

  await downloads.getByLabel('Your purchase e-mail').fill(email);
  await downloads.getByRole('button', { name: 'E-mail me my links' }).click();
  await expect(downloads.getByRole('status')).toHaveText(
    'If this address has purchases, an e-mail with fresh download links is on its way.',
  );
  await expect.poll(() => countMailTo(email), { timeout: 10_000 }).toBeGreaterThan(mailsBefore);
  await expectNoSeriousAxeViolations(page);
});

test('the Italian parents page: Vai ai tuoi download leads to the purchase’s success page; files below; no Purchase event', async ({
  page,
  request,
  isMobile,
}) => {
  await recordPixelEvents(page);
  const sessionId = await paidSession(
    request,
    `checkout.italian.parents.${isMobile ? 'phone' : 'desktop'}@example.com`,
    [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
  );
  await page.goto(`/thank-you/aba-for-parents?sessionId=${sessionId}`);
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { name: 'Grazie per il tuo acquisto!' })).toBeVisible();
  await expect(page.getByText('controlla anche la cartella spam')).toBeVisible();
  await expect(page.getByText(`ID ordine: ${sessionId}`)).toBeVisible();
  // The lower English section holds the two download buttons.
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  await expect(downloads.getByRole('link', { name: 'Download eBook PDF' })).toBeVisible();
  await expect(downloads.getByRole('link', { name: 'Download Audiobook (MP3)' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await purchaseEvents(page)).toEqual([]);

  const toDownloads = page.getByRole('link', { name: 'Vai ai tuoi download' });
  await expect(toDownloads).toHaveAttribute('href', `/checkout/success?sessionId=${sessionId}`);
  await toDownloads.click();
  await page.waitForURL((url) => url.pathname === '/checkout/success');
  await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download eBook/ })).toHaveCount(1);
});

test('the Italian case-studies page has no download buttons and sends the buyer to the e-mail', async ({
  page,
  request,
  isMobile,
}) => {
  await recordPixelEvents(page);
  const sessionId = await paidSession(
    request,
    `checkout.italian.${isMobile ? 'phone' : 'desktop'}@example.com`,
    [CASE_STUDIES],
  );
  await page.goto(`/thank-you/case-studies?sessionId=${sessionId}`);
  const main = page.getByRole('main');
  await expect(main).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { name: 'Grazie per il tuo acquisto!' })).toBeVisible();
  await expect(
    main.getByText('ti arriva via e-mail: controlla la tua casella di posta', { exact: false }),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: /download/i })).toHaveCount(0);
  await expect(main.getByRole('region', { name: 'Your Downloads' })).toHaveCount(0);
  await expect(main.getByRole('heading', { name: 'How to Listen to the Audiobook' })).toHaveCount(
    0,
  );
  await expect(main.getByRole('link', { name: 'Scrivici' })).toHaveAttribute('href', '/contact');
  await expectNoSeriousAxeViolations(page);
  expect(await purchaseEvents(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a thank-you page shows the URL’s sessionId as its Order ID in the server HTML', async ({
    page,
  }) => {
    await page.goto('/thank-you/ebook-aba-case-studies?sessionId=cs_quoted_by_the_buyer');
    await expect(page.getByText(/^Order ID: /)).toHaveText('Order ID: cs_quoted_by_the_buyer');
    await page.goto('/thank-you?sessionId=cs_quoted_by_the_buyer');
    await expect(page.getByText(/^Order ID: /)).toHaveText('Order ID: cs_quoted_by_the_buyer');
  });
});

test('an unknown slug shows the generic thank-you page with every file of the purchase', async ({
  page,
  request,
  isMobile,
}) => {
  const sessionId = await paidSession(
    request,
    `checkout.generic.${isMobile ? 'phone' : 'desktop'}@example.com`,
    [CASE_STUDIES],
  );
  await page.goto(`/thank-you/no-such-book?sessionId=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Thank You for Your Purchase!' })).toBeVisible();
  await expect(page.getByText('Your Complete Guide to ABA Strategies')).toBeVisible();
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  await expect(downloads.getByRole('link', { name: 'Download eBook PDF' })).toBeVisible();
  await expect(downloads.getByRole('link', { name: 'Download Audiobook (MP3)' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
