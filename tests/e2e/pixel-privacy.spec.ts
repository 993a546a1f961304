/**
 * The ad pixel never learns a secret (docs/product.md#the-ad-pixel): with the visitor's consent,
 * a purchase, its success and thank-you pages, a sign-in return with its code, the account and
 * the admin area, and an address with a token; every request the page makes to Meta's hosts
 * (served by the stand-in, tests/support/meta-pixel-stand-in.ts) is read, and none carries the
 * session id, the code or the token. Private pages send no PageView; the pixel's automatic
 * button reports stay off. Runs on the shop started with a pixel id
 * (tests/support/pixel-shop.ts).
 */
import { expect, test } from '../support/pixel-shop.js';
import { payOnTestCheckoutPage, startCheckout } from '../support/shop.js';
import { serveMetaPixelStandIn, storefrontHasPixel } from '../support/meta-pixel-stand-in.js';

const PRIVATE_PATHS = /^\/(checkout|auth|account|admin|login)(\/|$)/;

// The pixel's shop must have its pixel: were it missing, every check below would pass vacuously.
test.beforeEach(async ({ baseURL }) => {
  expect(await storefrontHasPixel(baseURL ?? '')).toBe(true);
});

test('with consent, the pixel hears the purchase but never its session id, a sign-in code or a token', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const pixel = await serveMetaPixelStandIn(context);
  const oauthCode = `oauth-code-${isMobile ? 'phone' : 'desktop'}-4242`;
  const token = `token-${isMobile ? 'phone' : 'desktop'}-9191`;

  await test.step('the visitor accepts the advertising cookie', async () => {
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect
      .poll(() => pixel.events().filter((event) => event.ev === 'PageView').length)
      .toBe(1);
  });

  let sessionId = '';
  await test.step('buys, and sees the success and thank-you pages', async () => {
    const { checkoutUrl } = await startCheckout(request, [
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
    await page.goto(checkoutUrl);
    await payOnTestCheckoutPage(page, `pixel.${isMobile ? 'phone' : 'desktop'}@example.com`);
    await page.waitForURL(/\/checkout\/success\?sessionId=cs_/);
    sessionId = new URL(page.url()).searchParams.get('sessionId') ?? '';
    await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
    // Three seconds later the page becomes the eBook's thank-you page, with the session id.
    await page.waitForURL(/\/thank-you\/ebook-aba-for-parents\?sessionId=cs_/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The pixel does hear the purchase: the measurement the shop wants still works.
    await expect
      .poll(() => pixel.events().filter((event) => event.ev === 'Purchase').length)
      .toBeGreaterThan(0);
  });

  await test.step('opens a sign-in return with a code, the account, the admin area and a tokened address', async () => {
    await page.goto(`/auth/callback?code=${oauthCode}&state=state-${oauthCode}`);
    await page.goto('/account');
    await page.goto('/admin/orders');
    await page.goto(`/shop?token=${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // An ordinary page after them: its PageView must not bring them along as its referrer.
    await page.goto('/blog');
    await expect
      .poll(() => pixel.events().filter((event) => new URL(event.dl).pathname === '/blog').length)
      .toBe(1);
  });

  await test.step('clicking buttons reports nothing by itself', async () => {
    const before = pixel.requests.length;
    await page.getByRole('link', { name: 'Shop' }).first().click();
    await page.waitForURL(/\/shop$/);
    await expect
      .poll(() => pixel.events().filter((event) => new URL(event.dl).pathname === '/shop').length)
      .toBeGreaterThan(0);
    const since = pixel.events().slice(-(pixel.requests.length - before));
    expect(since.map((event) => event.ev)).not.toContain('SubscribedButtonClick');
  });

  await test.step('no request to Meta carries a secret, and private pages sent no PageView', async () => {
    expect(sessionId).toMatch(/^cs_/);
    for (const url of pixel.requests) {
      const decoded = decodeURIComponent(url);
      for (const secret of [sessionId, oauthCode, token, 'sessionId=', 'code=', 'token=']) {
        expect(decoded, `a request to Meta: ${url}`).not.toContain(secret);
      }
    }
    const pageViews = pixel.events().filter((event) => event.ev === 'PageView');
    expect(pageViews.map((event) => new URL(event.dl).pathname)).not.toContainEqual(
      expect.stringMatching(PRIVATE_PATHS),
    );
    // Referrers name an origin at most.
    for (const event of pixel.events()) if (event.rl) expect(new URL(event.rl).pathname).toBe('/');
    // The events that were sent on private pages name them without their query.
    const purchase = pixel.events().find((event) => event.ev === 'Purchase');
    expect(new URL(purchase?.dl ?? 'http://x').search).toBe('');
  });
});
