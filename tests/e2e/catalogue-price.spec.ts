/**
 * One catalogue (issue 17): a price changed in the catalogue the commerce service serves is the
 * price the whole storefront shows and sends, with nothing in the storefront changed. A shop of
 * the test's own seeds a catalogue whose ABA for Parents costs $31.50; the shop, the home page,
 * the cart, the success and thank-you pages, the ad pixel's events and the chat all say so.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readSeededCatalogue } from '../support/catalogue.js';
import { payOnTestCheckoutPage } from '../support/shop.js';
import { startShopOnCms, type RunningStack } from '../support/stack.js';

test.skip(({ isMobile }) => isMobile, 'Server behaviour: checked once, on desktop.');

const PARENTS_ID = 'ebook-aba-for-parents';
const NEW_CENTS = 3150;
const NEW_PRICE = '$31.50';

const seeded = readSeededCatalogue();
const seed = (id: string) => seeded.find((product) => product.id === id) as (typeof seeded)[number];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const PARENTS = seed(PARENTS_ID).name;
const STORIES = seed('ebook-aba-case-studies');
const PACK = seed('ebook-aba-complete-pack').name;

let shop: RunningStack | undefined;

/** The test's own shop, on the seeded catalogue with the one price changed. */
async function startRepricedShop(): Promise<RunningStack> {
  // The change must be one: the storefront cannot have it from anywhere but the catalogue.
  expect(seed(PARENTS_ID).price_cents).not.toBe(NEW_CENTS);
  shop = await startShopOnCms({
    cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
    catalogue: seeded.map((product) =>
      product.id === PARENTS_ID ? { ...product, price_cents: NEW_CENTS } : product,
    ),
  });
  return shop;
}

test.afterEach(async () => {
  await shop?.stop();
  shop = undefined;
});

/** Records the ad pixel's events in every page of the context, from before any script runs. */
async function recordPixelEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    const calls: unknown[][] = [];
    Object.assign(window, { pixelCalls: calls, fbq: (...args: unknown[]) => calls.push(args) });
  });
}

const pixelEvents = (page: Page, name: string) =>
  page.evaluate(
    (event) =>
      ((window as unknown as { pixelCalls?: unknown[][] }).pixelCalls ?? []).filter(
        (call) => call[0] === 'track' && call[1] === event,
      ),
    name,
  );

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('a price changed in the catalogue is the price of the shop, the cart, the pages after payment, the pixel and the chat', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const store = (await startRepricedShop()).urls.storefront;
  await recordPixelEvents(context);

  await test.step('the shop and the home page show the new price', async () => {
    await page.goto(`${store}/shop`);
    await expect(card(page, PARENTS)).toContainText(NEW_PRICE);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`\\(\\${NEW_PRICE}\\)`),
    );
    await expect(card(page, PACK)).toContainText(
      `instead of ${dollars(NEW_CENTS + STORIES.price_cents)} bought separately`,
    );
    await page.goto(`${store}/`);
    await expect(
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: PARENTS }) }),
    ).toContainText(NEW_PRICE);
  });

  await test.step('the cart holds it at the new price, and the pixel hears it', async () => {
    await page.goto(`${store}/shop`);
    await card(page, PARENTS).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card(page, PARENTS).getByRole('button', { name: 'Added to Cart' })).toBeVisible();
    expect(await pixelEvents(page, 'AddToCart')).toEqual([
      [
        'track',
        'AddToCart',
        expect.objectContaining({ content_ids: [PARENTS_ID], value: NEW_CENTS / 100 }),
      ],
    ]);
    await page.getByRole('button', { name: /^Cart, / }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(drawer.getByRole('list', { name: 'Cart items' })).toContainText(NEW_PRICE);
    await expect(drawer).toContainText(`Total${NEW_PRICE}`);
  });

  const paid = await test.step('checkout charges it, and the success page shows it', async () => {
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    const opened = page.waitForEvent('popup');
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    const checkout = await opened;
    await expect(checkout.getByText(NEW_PRICE).first()).toBeVisible();
    await payOnTestCheckoutPage(checkout, 'price@example.com');
    await checkout.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
    await expect(checkout.getByText(`${NEW_PRICE} · Audiobook included`)).toBeVisible();
    expect(await pixelEvents(checkout, 'Purchase')).toEqual([
      ['track', 'Purchase', expect.objectContaining({ value: NEW_CENTS / 100 })],
    ]);
    return checkout;
  });

  await test.step('the thank-you page the buyer lands on tracks the new price', async () => {
    await paid.waitForURL(new RegExp(`/thank-you/${PARENTS_ID}\\?sessionId=cs_local_`));
    await expect(paid.getByRole('heading', { name: 'Thank You for Your Purchase!' })).toBeVisible();
    await expect(paid.getByRole('main')).toContainText(PARENTS);
    // The success page's event, then the thank-you page's own, at the catalogue's price.
    await expect.poll(async () => (await pixelEvents(paid, 'Purchase')).length).toBe(2);
    expect((await pixelEvents(paid, 'Purchase'))[1]).toEqual([
      'track',
      'Purchase',
      {
        content_name: PARENTS,
        content_ids: [PARENTS_ID],
        content_type: 'product',
        value: NEW_CENTS / 100,
        currency: 'USD',
      },
    ]);
  });

  await test.step('the chat quotes it', async () => {
    const answer = await page.request.post(`${store}/api/chat`, {
      data: { message: 'How much does it cost?' },
    });
    expect(answer.status()).toBe(200);
    const { reply } = (await answer.json()) as { reply: string };
    expect(reply).toContain(`${PARENTS} ${NEW_PRICE}`);
    expect(reply).not.toContain(dollars(seed(PARENTS_ID).price_cents));
  });
});
