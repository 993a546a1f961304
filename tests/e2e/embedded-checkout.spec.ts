/**
 * Embedded Stripe Checkout (docs/product.md#embedded-checkout): a shop of its own on the commerce
 * service's fake Stripe with STRIPE_CHECKOUT_UI=embedded. Buy Now opens the shop's pay page,
 * which mounts Stripe's embedded Checkout; here a stand-in of Stripe.js (support/
 * stripe-js-stand-in.ts) is served for js.stripe.com, and its Pay button has the fake Stripe mark
 * the session paid and returns to the success page, as Stripe's form does.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { startCheckout } from '../support/shop.js';
import { startShopOnCms, type RunningStack } from '../support/stack.js';
import { serveStripeJsStandIn } from '../support/stripe-js-stand-in.js';

const PUBLISHABLE_KEY = 'pk_test_e2e_embedded';
const PARENTS = 'eBook ABA for Parents';
const BUYER = 'embedded.parent@example.com';

let stripe: FakeStripe;
let shop: RunningStack;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  testInfo.setTimeout(240_000);
  stripe = await startFakeStripe();
  shop = await startShopOnCms({
    cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e_embedded',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_embedded',
      STRIPE_API_URL: stripe.url,
      STRIPE_CHECKOUT_UI: 'embedded',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    },
  });
});

test.afterAll(async () => {
  await shop?.stop();
  await stripe?.close();
});

/**
 * What Stripe does when its form is paid, for the stand-in's Pay button: the session becomes
 * paid, and the buyer goes to its return URL with the session id filled in.
 */
async function letStandInPay(page: Page) {
  await page.exposeFunction('completeFakeCheckout', (clientSecret: string) => {
    const session = [...stripe.sessions.values()].find(
      (candidate) => candidate.client_secret === clientSecret,
    );
    if (!session?.return_url) throw new Error(`No embedded session has ${clientSecret}`);
    stripe.pay(session.id, BUYER);
    return session.return_url.replace('{CHECKOUT_SESSION_ID}', session.id);
  });
}

const paymentForm = (page: Page) => page.getByRole('region', { name: 'Payment form' });

/** A page of this test's own shop, whose js.stripe.com serves the stand-in or cannot be reached. */
async function shopPage(browser: Browser, stripeJs: 'stand-in' | 'unreachable') {
  const context = await browser.newContext({ baseURL: shop.urls.storefront });
  const page = await context.newPage();
  if (stripeJs === 'stand-in') await serveStripeJsStandIn(page);
  else await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  return page;
}

test("Buy Now opens the pay page, which mounts Stripe's form with the session's secret, and paying returns to the purchase", async ({
  browser,
}) => {
  const page = await shopPage(browser, 'stand-in');
  await letStandInPay(page);
  await page.goto('/shop');
  await page
    .getByRole('article', { name: PARENTS })
    .getByRole('button', { name: 'Buy Now' })
    .click();

  await page.waitForURL(/\/checkout\/pay\?sessionId=cs_test_fake\d+$/);
  const sessionId = new URL(page.url()).searchParams.get('sessionId') as string;
  const created = stripe.requests
    .filter((request) => request.path === '/v1/checkout/sessions')
    .at(-1);
  expect(created?.fields).toMatchObject({
    ui_mode: 'embedded_page',
    return_url: `${shop.urls.storefront}/checkout/success?sessionId={CHECKOUT_SESSION_ID}`,
  });

  await expect(page.getByRole('heading', { level: 1, name: 'Secure Checkout' })).toBeVisible();
  const form = paymentForm(page);
  await expect(form.getByRole('heading', { name: 'Test payment form' })).toBeVisible();
  await expect(form).toContainText(`Client secret: ${sessionId}_secret_fake`);
  await expect(form).toContainText(`Publishable key: ${PUBLISHABLE_KEY}`);
  await expectNoSeriousAxeViolations(page);

  await form.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`/checkout/success?sessionId=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await expect(page.getByText(PARENTS, { exact: true })).toBeVisible();
});

test('only the pay page lets Stripe.js in, and it keeps the rest of the policy', async ({
  request,
}) => {
  const headersOf = async (path: string) =>
    (await request.get(`${shop.urls.storefront}${path}`)).headers();
  const payPage = await headersOf('/checkout/pay?sessionId=cs_test_fake0001');
  const policy = payPage['content-security-policy'];
  expect(policy).toMatch(/(^|; )script-src 'self' 'unsafe-inline' https:\/\/js\.stripe\.com(;|$)/);
  expect(policy).toMatch(
    /(^|; )frame-src https:\/\/js\.stripe\.com https:\/\/checkout\.stripe\.com(;|$)/,
  );
  expect(policy).toMatch(/(^|; )connect-src 'self' https:\/\/api\.stripe\.com/);
  expect(policy).not.toContain('unsafe-eval');
  for (const directive of ["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'"])
    expect(policy).toContain(directive);
  expect(payPage['x-frame-options']).toBe('DENY');
  expect(payPage['permissions-policy']).toMatch(/camera=\(\).*payment=\("https:\/\/checkout/);
  for (const path of ['/shop', '/checkout/success'])
    expect((await headersOf(path))['content-security-policy']).not.toMatch(/stripe\.com/);
});

test('when Stripe.js cannot load, the pay page says so and leads back to the shop', async ({
  browser,
}) => {
  const page = await shopPage(browser, 'unreachable');
  const { checkoutUrl } = await startCheckout(page.request, [
    { productId: 'ebook-aba-case-studies', quantity: 1 },
  ]);
  // The shop answers its own pay page; the request went through its /api proxy.
  expect(checkoutUrl).toMatch(/\/checkout\/pay\?sessionId=cs_test_fake\d+$/);
  await page.goto(checkoutUrl);
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('The secure payment form could not be loaded.');
  await expect(alert.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  await expect(paymentForm(page)).toBeHidden();
  await expectNoSeriousAxeViolations(page);
});
