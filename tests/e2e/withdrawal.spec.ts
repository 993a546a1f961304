/**
 * The withdrawal function (docs/product.md#withdrawal). A parent buys the membership with the
 * test checkout, whose receipt states the 14-day right and links the function; from any page's
 * footer they reach 'Withdraw from contract here', name the contract by e-mail and order
 * reference, confirm, and read that it is kept with its date and time and waits for the link
 * e-mailed to the order's address (anyone holding a receipt or a stamped PDF knows the two);
 * the link makes it take effect, and the acknowledgement with the same date and time follows. Their account shows the membership ended, and support sees the withdrawal in the
 * order's view. An eBook order and a membership past its 14 days are refused with the reason;
 * an Italian page's footer leads to the Italian function. On a computer and a phone, axe clean.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { ownClientAddress } from '../support/client-address.js';
import { openCommerceDatabase } from '../support/commerce-database.js';
import { readMailbox } from '../support/mailbox.js';
import { signInByCode } from '../support/sign-in.js';
import { payCheckout, payOnTestCheckoutPage, startCheckout } from '../support/shop.js';

const MEMBERSHIP = { productId: 'aba-parent-support-monthly', quantity: 1 };
const EBOOK = { productId: 'ebook-aba-for-parents', quantity: 1 };

const sharedShopDatabase = (writable = false) =>
  openCommerceDatabase(
    { sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite') },
    { writable },
  );

/** A message's text as written, its quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (escaped) =>
      Buffer.from(escaped.replaceAll('=', ''), 'hex').toString('utf8'),
    );
}

async function mailTo(email: string, subject: string | RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const found = readMailbox().find((mail) => {
          // A long subject is folded onto the next header line.
          const header = /^Subject: (.+(?:\r?\n[ \t].+)*)/m.exec(mail.raw)?.[1] ?? '';
          const unfolded = header.replace(/\r?\n[ \t]+/g, ' ').trim();
          return (
            mail.to === email &&
            (typeof subject === 'string' ? unfolded === subject : subject.test(unfolded))
          );
        });
        text = found ? decoded(found.raw) : '';
        return text !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return text;
}

/** Each journey counts as a visitor of its own against the function's per-client limit. */
async function asOwnVisitor(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownClientAddress() });
}

async function nameContract(page: Page, email: string, reference: string) {
  await page.getByLabel('E-mail address of your purchase').fill(email);
  await page.getByLabel('Order reference').fill(reference);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a member withdraws from the membership within 14 days: refunded, ended, acknowledged by e-mail and seen by support', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const email = `withdraw.member.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await asOwnVisitor(page);

  // The parent buys the membership on the test checkout's page.
  const { checkoutUrl, sessionId } = await startCheckout(request, [MEMBERSHIP]);
  await page.goto(checkoutUrl);
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  const receipt = await mailTo(email, 'Your ABA Parent Guides order and downloads');
  expect(receipt).toContain(
    'You may withdraw from your membership within 14 days of today without giving any reason',
  );
  expect(receipt).toContain('/withdraw');
  // The receipt names the order by its number, which the parent types in.
  const number = /Order number: (ABA-\w{4}-\w{4})/.exec(receipt)?.[1] as string;
  expect(number, 'the receipt names the order by its number').toBeTruthy();
  expect(receipt).not.toContain(sessionId);

  // From the footer of any page, to the function.
  await page.goto('/shop');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Withdraw from contract here' })
    .click();
  await page.waitForURL((url) => url.pathname === '/withdraw');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Withdraw from contract here' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await nameContract(page, email.toUpperCase(), number);
  const confirmHeading = page.getByRole('heading', { name: 'Confirm your withdrawal' });
  await expect(confirmHeading).toBeFocused();
  await expect(page.getByText('ABA Parent Support Membership', { exact: true })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await expect(
    page.getByText('When you confirm, we keep your withdrawal with its date and time'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Signed out, it is kept and acknowledged at once, and changes nothing until confirmed.
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail to confirm' })).toBeFocused();
  const received = page.getByText(/^We received your withdrawal on /);
  await expect(received).toBeVisible();
  const when = /on (\d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC)\./.exec(
    (await received.textContent()) ?? '',
  )?.[1];
  expect(when, 'the page states the date and time').toBeTruthy();
  await expect(page.getByText(/Until then nothing changes/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The link in the order's mailbox makes it take effect, as received when it was asked.
  const confirmation = await mailTo(email, `Confirm your withdrawal from order ${number}`);
  expect(confirmation).toContain(`We received a withdrawal from the contract below on ${when}`);
  const link = /https?:\/\/\S+\/withdraw\/confirm#[\w.-]+/.exec(confirmation)?.[0];
  expect(link, 'the e-mail carries the confirmation link').toBeTruthy();
  await page.goto(link as string);
  await expect(page.getByRole('heading', { name: 'Withdrawal received' })).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByText(`We received your withdrawal on ${when}.`)).toBeVisible();
  await expect(
    page.getByText('We have refunded $9.99 and your membership has ended.'),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The acknowledgement on a durable medium, with the same date and time.
  const acknowledgement = await mailTo(email, `We received your withdrawal from order ${number}`);
  expect(acknowledgement).toContain(
    `We received your withdrawal from the contract below on ${when}.`,
  );
  expect(acknowledgement).toContain('Your membership ended at once');

  // Access ended: the account shows the membership ended and the order refunded.
  await signInByCode(page, email);
  await page.goto('/account');
  const membership = page.getByRole('region', { name: 'Your membership' });
  await expect(membership).toContainText('Ended');
  await expect(
    membership.getByRole('link', { name: 'Withdraw from contract here' }),
  ).toHaveAttribute('href', `/withdraw?orderReference=${number}`);
  await expect(page.getByRole('region', { name: /^Order / })).toContainText('refunded');

  // Support sees it in the order's view, and on its trail.
  const db = await sharedShopDatabase();
  const [order] = await db.query<{ id: string }>(
    'select id from orders where checkout_session_id = ?',
    sessionId,
  );
  await db.close();
  await context.clearCookies();
  await signInOnce(page, context, ADMIN_EMAIL);
  await page.goto(`/admin/orders/${order?.id}`);
  const withdrawal = page.getByRole('region', { name: 'Recesso' });
  await expect(withdrawal).toContainText('con e-mail e riferimento ordine, in inglese');
  await expect(withdrawal).toContainText('Rimborsato $9.99, abbonamento terminato');
  await expect(page.getByRole('region', { name: 'Dettagli' })).toContainText('Rimborsato');
  // The withdrawal received, then its refund (the test checkout's, at once).
  const trail = page.getByRole('region', { name: 'Registro attività' });
  await expect(trail).toContainText(
    'Recesso del cliente ricevuto: abbonamento terminato, rimborso in corso',
  );
  await expect(trail).toContainText('Recesso del cliente: rimborso eseguito');
  await expectNoSeriousAxeViolations(page);
});

test('an eBook order is refused, naming the consent to immediate delivery and its time', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `withdraw.ebook.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await asOwnVisitor(page);
  const { sessionId } = await startCheckout(request, [EBOOK]);
  await payCheckout(request, sessionId, email);
  await page.goto('/withdraw');
  await nameContract(page, email, sessionId);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    /This order is for eBooks, delivered at once: on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC you asked for immediate delivery and acknowledged that you thereby lose your right of withdrawal/,
  );
  await expect(page.getByRole('button', { name: 'Confirm withdrawal' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  // Nor does an address that does not match say whether the order exists.
  await nameContract(page, 'someone.else@example.com', sessionId);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'We found no contract for this e-mail address and order reference. Check both against your receipt e-mail (the order reference reads ABA- and eight letters or digits).',
  );
});

test('a membership bought 15 days ago is refused: its 14 days are over', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `withdraw.late.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await asOwnVisitor(page);
  const { sessionId } = await startCheckout(request, [MEMBERSHIP]);
  await payCheckout(request, sessionId, email);
  const db = await sharedShopDatabase(true);
  try {
    await db.run(
      "update orders set created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '-15 days') where checkout_session_id = ?",
      sessionId,
    );
  } finally {
    await db.close();
  }
  await page.goto('/withdraw');
  await nameContract(page, email, sessionId);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    /The 14-day withdrawal period of this membership ended on \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\. You can still cancel it from your account/,
  );
  await expect(page.getByRole('button', { name: 'Confirm withdrawal' })).toHaveCount(0);
});

test('an Italian page’s footer leads to the Italian function', async ({ page }) => {
  await page.goto('/login');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Recedi dal contratto qui' })
    .click();
  await page.waitForURL((url) => url.pathname === '/withdraw/it');
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'it');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Recedi dal contratto qui' }),
  ).toBeVisible();
  await expect(page.getByLabel("Indirizzo e-mail dell'acquisto")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
