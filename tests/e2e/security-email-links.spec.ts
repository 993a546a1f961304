/**
 * 'E-mail me my links' cannot flood an inbox (docs/product.md#e-mail-my-links): whoever asks,
 * from however many clients, an address is sent its links at most three times an hour, and
 * every answer is the same, so the limit tells nothing about whether the address bought.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { ownClientAddress } from '../support/client-address.js';
import { countMailTo } from '../support/mailbox.js';
import { payCheckout, startCheckout } from '../support/shop.js';

const ANSWER = 'If this address has purchases, an e-mail with fresh download links is on its way.';
const SHOP = () => new URL(process.env.E2E_STOREFRONT_URL ?? '').origin;

test('a flood of requests from many clients sends the buyer three e-mails, and the page says the same as ever', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `links.flood.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const stranger = `links.nobody.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-case-studies', quantity: 1 },
  ]);
  await payCheckout(request, sessionId, email);
  // The purchase's own e-mail first, so that only link e-mails are counted below.
  await expect.poll(() => countMailTo(email), { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  const before = countMailTo(email);

  // The attacker: eight requests for the buyer's address, each from a client of its own.
  const answers = [];
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const answer = await request.post('/api/downloads/resend', {
      headers: { 'x-forwarded-for': ownClientAddress(), origin: SHOP() },
      data: { email },
    });
    answers.push({ status: answer.status(), body: await answer.text() });
  }
  const unknown = await request.post('/api/downloads/resend', {
    headers: { 'x-forwarded-for': ownClientAddress(), origin: SHOP() },
    data: { email: stranger },
  });
  const unknownAnswer = { status: unknown.status(), body: await unknown.text() };
  expect(unknownAnswer.status).toBe(202);
  for (const answer of answers) expect(answer).toEqual(unknownAnswer);

  await expect.poll(() => countMailTo(email), { timeout: 15_000 }).toBe(before + 3);

  // The buyer, on a thank-you page, asks once more: the page answers as always, and the
  // inbox gets nothing more this hour.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownClientAddress() });
  await page.goto('/thank-you/ebook-aba-case-studies');
  const downloads = page.getByRole('region', { name: 'Your Downloads' });
  await downloads.getByLabel('Your purchase e-mail').fill(email);
  await downloads.getByRole('button', { name: 'E-mail me my links' }).click();
  await expect(downloads.getByRole('status')).toHaveText(ANSWER);
  await expectNoSeriousAxeViolations(page);
  await page.waitForTimeout(2_000);
  expect(countMailTo(email)).toBe(before + 3);
  expect(countMailTo(stranger)).toBe(0);
});
