/**
 * The membership page (docs/product.md#membership-page): the footer and the shop's card lead to
 * it, it prices the membership as the catalogue does, and 'Become a member' reaches the test
 * checkout for one membership, which pays like any order. Without the catalogue or without the
 * membership in it: storefront/components/membership/membership-offer.test.tsx.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { payOnTestCheckoutPage } from '../support/shop.js';

interface CatalogueProduct {
  id: string;
  name: string;
  price: number;
  currency: string;
  kind: string | null;
  interval: string | null;
}

/** The membership as GET /api/products states it: the figures the page must show. */
async function catalogueMembership(request: APIRequestContext) {
  const catalogue = (await (await request.get('/api/products')).json()) as CatalogueProduct[];
  const membership = catalogue.find((product) => product.kind === 'membership');
  if (!membership) throw new Error('The catalogue sells no membership');
  expect(membership.currency).toBe('usd');
  const price = `$${(membership.price / 100).toFixed(2)}`;
  return { ...membership, price, pricePerMonth: `${price} a ${membership.interval}` };
}

test('the footer leads to the membership, priced as the catalogue states it, and Become a member reaches its checkout', async ({
  page,
  request,
  isMobile,
}) => {
  const membership = await catalogueMembership(request);
  await page.goto('/about');
  await page
    .getByRole('navigation', { name: 'Quick Links' })
    .getByRole('link', { name: 'Membership', exact: true })
    .click();
  await page.waitForURL(/\/membership$/);

  await expect(page).toHaveTitle(/Parent Support Membership/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Parent Support Membership' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  for (const benefit of [
    'A new worksheet pack every month',
    'A recorded Q&A with our ABA team',
    'In your library, on any device',
  ]) {
    await expect(main.getByRole('heading', { name: benefit })).toBeVisible();
  }
  await expect(main).toContainText('Printable worksheets (PDF)');
  await expect(main).toContainText('read its transcript');
  await expect(main).toContainText('choose "Manage membership"');
  await expect(main).toContainText('stays active until the end of the month you have paid for');
  await expect(main).toContainText('within 14 days of paying for it');
  await expect(main.getByRole('link', { name: 'Go to your account' })).toHaveAttribute(
    'href',
    '/account',
  );
  await expect(main.getByRole('link', { name: 'Withdraw from the membership' })).toHaveAttribute(
    'href',
    '/withdraw',
  );
  const offer = main.getByRole('article', { name: membership.name });
  await expect(offer).toContainText(membership.pricePerMonth);
  // A page that sells: the chat's button stays off it, as on the shop.
  await expect(page.getByRole('button', { name: 'Open chat assistant' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await offer.getByRole('button', { name: 'Become a member' }).click();
  await page.waitForURL(/\/api\/checkout\/local\/cs_local_/);
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  const line = page.getByRole('row', { name: new RegExp(membership.name) });
  await expect(line).toContainText(membership.price);
  await expect(page.getByRole('row')).toHaveCount(3); // the header, the membership, the total

  const email = `member.page.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  await expect(page.getByText('Your membership is active.')).toBeVisible();
});

test('the shop’s membership card leads to the membership page', async ({ page, request }) => {
  const membership = await catalogueMembership(request);
  await page.goto('/shop');
  const card = page.getByRole('article', { name: membership.name });
  await expect(card).toContainText(membership.pricePerMonth);
  await card.getByRole('link', { name: 'See what members get' }).click();
  await page.waitForURL(/\/membership$/);
  await expect(page.getByRole('article', { name: membership.name })).toContainText(
    membership.pricePerMonth,
  );
});

test('the page names itself to search engines: description, canonical address, structured data and the sitemap', async ({
  page,
  request,
}) => {
  test.skip(test.info().project.name === 'phone', 'What the server sends: checked once.');
  const membership = await catalogueMembership(request);
  await page.goto('/membership');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    `${membership.name}, ${membership.pricePerMonth}. Every month, members get a new pack of printable worksheets and a recorded Q&A with our ABA team (audio with a transcript), to read and listen to in their library on any device. Cancel any time.`,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /^http:\/\/[^/]+\/membership$/,
  );
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'Product');
  expect(product).toMatchObject({
    name: membership.name,
    sku: membership.id,
    offers: {
      '@type': 'Offer',
      price: membership.price.slice(1),
      priceCurrency: 'USD',
      url: expect.stringMatching(/\/membership$/),
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        referenceQuantity: { unitCode: 'MON', value: 1 },
      },
    },
  });
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/[^<]+\/membership<\/loc>/);
});
