/**
 * Selling for real (docs/product.md#checkout-consent-and-charges, #the-membership): the test
 * checkout asks for the terms and immediate delivery and takes a promotion code, the success page
 * and the account show what was charged, and a member cancels through "Manage membership".
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { payCheckout, startCheckout } from '../support/shop.js';
import { signInByCode } from '../support/sign-in.js';

const TWO_EBOOKS = [
  { productId: 'ebook-aba-for-parents', quantity: 1 },
  { productId: 'ebook-aba-case-studies', quantity: 1 },
];

test('Pay waits for the consent, and a promotion code is charged, shown and kept', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `consent.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { checkoutUrl } = await startCheckout(request, TWO_EBOOKS);
  await page.goto(checkoutUrl);
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('E-mail for your receipt and downloads').fill(email);
  await page.getByLabel('Promotion code (optional)').fill('ACC10');
  const consent = page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  await expect(consent).toHaveAccessibleName(/I thereby lose my right of withdrawal/);
  await page.getByRole('button', { name: 'Pay' }).click();
  // The browser holds the form back and says why; nothing is paid.
  await expect(page).toHaveURL(checkoutUrl);
  expect(await consent.evaluate((box: HTMLInputElement) => box.validationMessage)).not.toBe('');

  await consent.check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful!' })).toBeVisible();
  await expect(page.getByText('Subtotal:').locator('..')).toHaveText('Subtotal: $47.98');
  await expect(page.getByText('Discount:').locator('..')).toHaveText('Discount: −$4.80');
  await expect(page.getByText('Total:', { exact: true }).locator('..')).toHaveText('Total: $43.18');
  const sessionId = new URL(page.url()).searchParams.get('sessionId') as string;
  const detail = await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`);
  expect(await detail.json()).toMatchObject({
    amountSubtotal: 4798,
    amountDiscount: 480,
    amountTax: 0,
    amountTotal: 4318,
    currency: 'usd',
    termsAcceptedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });

  await signInByCode(page, email);
  await page.goto('/account');
  const order = page.getByRole('region', { name: /^Order / });
  await expect(order.getByText('Discount:').locator('..')).toHaveText('Discount: −$4.80');
  await expect(order).toContainText('Terms accepted and immediate delivery requested on');
});

test('a member sees the membership on /account and cancels it at the end of the period', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `member.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { sessionId } = await startCheckout(request, [
    { productId: 'aba-parent-support-monthly', quantity: 1 },
  ]);
  await payCheckout(request, sessionId, email);

  await signInByCode(page, email);
  await page.goto('/account');
  const membership = page.getByRole('region', { name: 'Your membership' });
  await expect(membership).toContainText(/Active since .+ · renews on /);
  await expectNoSeriousAxeViolations(page);

  await membership.getByRole('button', { name: 'Manage membership' }).click();
  await page.waitForURL(/\/api\/membership\/local\//);
  await expect(page.getByRole('heading', { name: 'Your membership' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your membership is active and renews on');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByRole('status')).toContainText('it stays active until');

  await page.getByRole('link', { name: 'Back to your account' }).click();
  await page.waitForURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Your membership' })).toContainText(
    /Cancelled: active until .+, then it ends/,
  );
  const purchases = await page.request.get('/api/me/purchases');
  expect((await purchases.json()).subscriptions[0]).toMatchObject({
    status: 'active',
    cancelAtPeriodEnd: true,
  });
});
