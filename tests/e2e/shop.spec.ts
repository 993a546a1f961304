/**
 * Shop and cart (docs/product.md#shop, #navbar-cart-and-footer, #states, #validation, #api,
 * #error-catalogue, #constants-and-limits): the page, the carousels, Add to Cart and the drawer,
 * checkout from the cart and with Buy Now, and their failures. The shop without the commerce
 * service is in fault-commerce-down.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { acceptAlerts } from '../support/alerts.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';

const PARENTS = 'eBook ABA for Parents';
const CASE_STUDIES = 'eBook ABA Case Studies';
const PACK = 'eBook ABA Complete Pack';

const bag = (page: Page) => page.getByRole('button', { name: /^Cart, / });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });
const card = (page: Page, name: string) => page.getByRole('article', { name });

async function addToCart(page: Page, name: string) {
  const button = card(page, name).getByRole('button', { name: 'Add to Cart' });
  await button.click();
  await expect(card(page, name).getByRole('button', { name: 'Added to Cart' })).toBeVisible();
}

test('the shop shows the hero, the benefits and the three eBooks with their prices', async ({
  page,
}) => {
  const response = await page.goto('/shop');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/eBook Collection/);
  await expect(page.getByRole('heading', { level: 1, name: 'eBook Collection' })).toBeVisible();
  for (const benefit of ['Expert-Backed Content', 'Family-Tested', 'Instant Access']) {
    await expect(page.getByRole('heading', { name: benefit })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Individual ABA Guides' })).toBeVisible();
  await expect(card(page, PARENTS)).toContainText('$27.99');
  await expect(card(page, CASE_STUDIES)).toContainText('$19.99');
  await expect(
    page.getByRole('heading', { name: 'Get the Complete Resource Library' }),
  ).toBeVisible();
  await expect(card(page, PACK)).toContainText('$42.99');
  await expect(card(page, PACK)).toContainText('Save 10%');
  await expect(card(page, PACK)).toContainText('Complete Library');
  // The three eBooks are sold here; the membership's card leads to its own page instead.
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(
    page.getByRole('heading', { name: 'Monthly Support After the Books' }),
  ).toBeVisible();
  const membership = card(page, 'ABA Parent Support Membership');
  await expect(membership).toContainText('$9.99 a month');
  await expect(membership.getByRole('button')).toHaveCount(0);
  await expect(membership.getByRole('link', { name: 'See what members get' })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(page.getByText('Sofia L.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started Today' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Have Questions? Contact Us' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expectNoSeriousAxeViolations(page);
});

test('the carousels wrap around and their dots work from the keyboard', async ({ page }) => {
  await page.goto('/shop');
  const carousel = page.getByRole('region', { name: 'Inside eBook ABA for Parents' });
  const slide = carousel.getByRole('group');
  await expect(slide).toHaveAccessibleName('Slide 1 of 3');
  await expect(slide.getByRole('img')).toHaveAccessibleName(/Cover of eBook ABA for Parents/);

  await carousel.getByRole('button', { name: 'Previous slide' }).focus();
  await page.keyboard.press('Enter');
  await expect(slide).toHaveAccessibleName('Slide 3 of 3');
  await carousel.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('Enter');
  await expect(slide).toHaveAccessibleName('Slide 1 of 3');

  const second = carousel.getByRole('button', { name: 'Show slide 2 of 3' });
  await second.focus();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(slide).toHaveAccessibleName('Slide 2 of 3');
  await expect(slide.getByRole('img')).toHaveAccessibleName(/checklist/);
  // The other carousel has not moved.
  await expect(
    page.getByRole('region', { name: 'Inside eBook ABA Case Studies' }).getByRole('group'),
  ).toHaveAccessibleName('Slide 1 of 3');
});

test('Add to Cart, then the drawer changes quantities, removes lines and clears the cart', async ({
  page,
}) => {
  const alerts = acceptAlerts(page);
  await page.goto('/shop');
  await expect(bag(page)).toHaveAccessibleName('Cart, empty');

  await addToCart(page, PARENTS);
  await expect(bag(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(bag(page)).toHaveText('1');
  await addToCart(page, CASE_STUDIES);
  await expect(bag(page)).toHaveText('2');

  await bag(page).click();
  const cart = drawer(page);
  await expect(cart).toBeVisible();
  await expect(cart.getByRole('listitem')).toHaveCount(2);
  await expect(cart).toContainText('$47.98');
  await expectNoSeriousAxeViolations(page);

  await cart.getByRole('button', { name: `Increase quantity of ${PARENTS}` }).click();
  await expect(cart).toContainText('$75.97');
  await cart.getByRole('button', { name: `Decrease quantity of ${PARENTS}` }).click();
  await cart.getByRole('button', { name: `Decrease quantity of ${PARENTS}` }).click();
  const lines = cart.getByRole('list', { name: 'Cart items' });
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await expect(lines).not.toContainText(PARENTS);
  await expect(lines).toContainText(CASE_STUDIES);
  await expect(cart).toContainText('Total$19.99');
  await expect(bag(page)).toHaveText('1');

  await cart.getByRole('button', { name: 'Clear cart' }).click();
  await expect(cart).toContainText('Your cart is empty.');
  await expect(bag(page)).toHaveAccessibleName('Cart, empty');

  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(() => alerts).toEqual(['Your cart is empty!']);

  // Esc closes the drawer and the focus returns to the bag.
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  await expect(bag(page)).toBeFocused();
  await expect(card(page, PARENTS).getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});

test('Checkout with two eBooks opens the test checkout in a new tab', async ({ page }) => {
  const alerts = acceptAlerts(page);
  await page.goto('/shop');
  await addToCart(page, PARENTS);
  await addToCart(page, CASE_STUDIES);
  await bag(page).click();
  const popupOpened = page.waitForEvent('popup');
  await drawer(page).getByRole('button', { name: 'Checkout' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toMatch(/^\/api\/checkout\/local\/cs_local_/);
  await expect(popup.getByText(PARENTS)).toBeVisible();
  await expect(popup.getByText(CASE_STUDIES)).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Checkout' })).toBeVisible();
  expect(alerts).toEqual([]);
});

test('the cart survives a reload and follows into a second tab', async ({ page, context }) => {
  await page.goto('/shop');
  await addToCart(page, PACK);
  await page.reload();
  await expect(bag(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(card(page, PACK).getByRole('button', { name: 'Added to Cart' })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/');
  await expect(bag(other)).toHaveAccessibleName('Cart, 1 item');

  // A change in one tab shows in the other without a reload.
  await addToCart(page, PARENTS);
  await expect(bag(other)).toHaveAccessibleName('Cart, 2 items');
  await other.close();
});

test('Buy Now goes to the test checkout for one copy', async ({ page }) => {
  await page.goto('/shop');
  await card(page, CASE_STUDIES).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/api\/checkout\/local\/cs_local_/);
  await expect(page.getByText(CASE_STUDIES)).toBeVisible();
  await expect(page.getByText('$19.99').first()).toBeVisible();
});

test('Get Started Today buys the Complete Pack', async ({ page }) => {
  await page.goto('/shop');
  await page.getByRole('button', { name: 'Get Started Today' }).click();
  await expect(page).toHaveURL(/\/api\/checkout\/local\/cs_local_/);
  await expect(page.getByText(PACK)).toBeVisible();
});

test('a refused Buy Now goes to the checkout error page with the server message', async ({
  page,
}) => {
  await page.route('**/api/create-checkout-session', (route) =>
    route.fulfill({ status: 400, json: { message: 'Nope' } }),
  );
  await page.goto('/shop');
  await card(page, PARENTS).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\/error\?message=Nope$/);
});

test('a refused cart checkout alerts and stays on the page', async ({ page }) => {
  const alerts = acceptAlerts(page);
  await page.route('**/api/create-checkout-session', (route) =>
    route.fulfill({ status: 400, json: { message: 'Nope' } }),
  );
  await page.goto('/shop');
  await addToCart(page, PARENTS);
  await addToCart(page, CASE_STUDIES);
  await bag(page).click();
  await drawer(page).getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(() => alerts).toEqual(['Failed to proceed to checkout. Please try again.']);
  await expect(drawer(page).getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await expect(page).toHaveURL(/\/shop$/);
});
