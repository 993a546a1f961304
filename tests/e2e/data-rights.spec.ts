/**
 * The buyer's data on request (docs/product.md#your-data): a parent buys on the test checkout,
 * writes to support and signs in; on the account page they download everything the shop holds
 * about them (the file is read) and ask for their data to be erased. Support processes the
 * request in the console; afterwards the parent's download link and session no longer work and
 * the shop's database holds nothing of theirs but the anonymous accounting facts. On a computer
 * and a phone, axe clean.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import {
  ACCOUNTING_RETENTION_YEARS,
  CONTACT_MESSAGE_RETENTION_DAYS,
  DOWNLOAD_HISTORY_RETENTION_DAYS,
  SENT_MAIL_RETENTION_DAYS,
  SIGN_IN_RECORD_RETENTION_DAYS,
} from '@aba-shop/contract/constants';
import { ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { openCommerceDatabase } from '../support/commerce-database.js';
import { readMailbox } from '../support/mailbox.js';
import { payOnTestCheckoutPage, startCheckout } from '../support/shop.js';
import { signInByCode } from '../support/sign-in.js';

const DATA_REQUESTS_PAGE = '/admin/data-requests';

/** The requests shown: table rows on desktop, cards on the phone. */
function shownRequests(page: Page, isMobile: boolean): Locator {
  return isMobile
    ? page.getByRole('list', { name: 'Richieste' }).locator(':scope > li')
    : page.getByRole('table').getByRole('row');
}

/** Every row of every table of the shop's database that mentions one of the texts. */
async function rowsMentioning(texts: string[]): Promise<string[]> {
  const db = await openCommerceDatabase({
    sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite'),
  });
  try {
    const tables = await db.query<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
    );
    const found: string[] = [];
    for (const { name } of tables) {
      const rows = await db.query<Record<string, unknown>>(`select * from "${name}"`);
      for (const row of rows) {
        const text = JSON.stringify(row).toLowerCase();
        if (texts.some((wanted) => text.includes(wanted.toLowerCase()))) {
          found.push(`${name}: ${JSON.stringify(row).slice(0, 200)}`);
        }
      }
    }
    return found;
  } finally {
    await db.close();
  }
}

test('a parent downloads their data and has it erased; support processes the request and nothing of theirs is left', async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  test.setTimeout(120_000);
  const device = isMobile ? 'phone' : 'desktop';
  const email = `data.rights.${device}@example.com`;
  const name = `Robin Erasable ${device}`;
  const phone = isMobile ? '+1 555 0171' : '+1 555 0172';

  // The parent buys an eBook on the test checkout; its download link works.
  const { checkoutUrl, sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-for-parents', quantity: 1 },
  ]);
  await page.goto(checkoutUrl);
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  const purchase = (await (
    await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)
  ).json()) as { products: { files: { kind: string; url: string }[] }[] };
  const pdfLink = new URL(
    purchase.products[0]?.files.find((file) => file.kind === 'pdf')?.url as string,
  ).pathname;
  expect((await request.get(pdfLink)).status()).toBe(200);

  // They write to support (the contact form's own call; its page has a journey of its own).
  const sent = await page.request.post('/api/forms/submit', {
    data: {
      formId: 'contact_form',
      name,
      email,
      phone,
      subject: 'eBook Support',
      message: 'Please tell me where the audiobook of my purchase is.',
      child_age: '4-5 years',
    },
  });
  expect(sent.status()).toBe(200);

  // They sign in and open their account page.
  await signInByCode(page, email);
  await page.goto('/account');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Download my data: a JSON file with everything the shop holds about them.
  const downloading = page.waitForEvent('download');
  await yourData.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^aba-parent-guides-my-data-\d{4}-\d{2}-\d{2}\.json$/,
  );
  const fileText = readFileSync(await download.path(), 'utf8');
  const exported = JSON.parse(fileText) as {
    email: string;
    account: { email: string } | null;
    sessions: unknown[];
    orders: { checkoutSessionId: string; amountTotal: number }[];
    contactMessages: { name: string; phone: string }[];
    retention: { accountingYears: number };
  };
  expect(exported.email).toBe(email);
  expect(exported.account?.email).toBe(email);
  expect(exported.sessions.length).toBeGreaterThanOrEqual(1);
  expect(exported.orders).toEqual([
    expect.objectContaining({ checkoutSessionId: sessionId, amountTotal: 2799 }),
  ]);
  expect(exported.contactMessages).toEqual([expect.objectContaining({ name, phone })]);
  expect(exported.retention.accountingYears).toBe(10);
  expect(fileText).not.toMatch(/"(token|password|accessToken|value)"/);

  // Delete my account and data: a confirmation first, then a readable outcome.
  await yourData.getByRole('button', { name: 'Delete my account and data' }).click();
  await expect(
    yourData.getByRole('heading', { name: 'Delete your account and data?' }),
  ).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await yourData.getByRole('button', { name: 'Yes, delete my account and data' }).click();
  const outcome = yourData.getByRole('status');
  await expect(outcome).toContainText('Erasure requested');
  await expect(outcome).toContainText(`We have e-mailed ${email}`);
  await expectNoSeriousAxeViolations(page);
  await expect
    .poll(() =>
      readMailbox().some(
        (mail) =>
          mail.to === email && mail.subject === 'We received your request to delete your data',
      ),
    )
    .toBe(true);

  // Support processes the request in the console.
  const supportContext = await browser.newContext({
    ...(isMobile ? devices['Pixel 7'] : {}),
    baseURL: new URL(page.url()).origin,
  });
  const support = await supportContext.newPage();
  try {
    await signInOnce(support, supportContext, ADMIN_EMAIL);
    await support.goto(DATA_REQUESTS_PAGE);
    await expect(support.getByRole('heading', { name: 'Richieste dati' })).toBeVisible();
    await expect(
      support
        .getByRole('navigation', { name: 'Amministrazione' })
        .getByRole('link', { name: 'Richieste dati' }),
    ).toHaveAttribute('aria-current', 'page');
    const search = support.getByRole('searchbox', { name: 'Cerca per email' });
    await search.fill(email);
    await search.press('Enter');
    await expect(support.getByRole('heading', { name: 'Richieste (1)' })).toBeVisible();
    const shown = shownRequests(support, isMobile).filter({ hasText: email });
    await expect(shown).toContainText('In attesa');
    await expectNoSeriousAxeViolations(support);

    await shown.getByRole('button', { name: `Elabora la richiesta di ${email}` }).click();
    const dialog = support.getByRole('dialog', { name: 'Cancella i dati del cliente' });
    await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
    await expect(dialog).toContainText(email);
    await expectNoSeriousAxeViolations(support);
    await dialog.getByRole('button', { name: 'Cancella i dati' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      support.getByText(
        /^Dati cancellati per la richiesta dr_\w+: 1 ordini anonimizzati, 2 file revocati, 1 messaggi eliminati/,
      ),
    ).toBeVisible();
    // The list now shows the request done, under the placeholder instead of the address.
    await search.fill('');
    await search.press('Enter');
    await expect(support.getByText(email)).toHaveCount(0);
    await expectNoSeriousAxeViolations(support);
  } finally {
    await supportContext.close();
  }

  // The parent's download link and session no longer work.
  expect((await request.get(pdfLink)).status()).toBe(403);
  expect((await page.request.get('/api/me/data-export')).status()).toBe(401);
  await page.goto('/account');
  await expect(page.getByRole('link', { name: 'sign in' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your data' })).toHaveCount(0);

  // And the shop's database holds nothing of theirs: not the address, the name or the phone.
  expect(await rowsMentioning([email, name, phone])).toEqual([]);
  // What accounting law requires stays, without them.
  const db = await openCommerceDatabase({
    sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite'),
  });
  try {
    const [order] = await db.query<{ email: string; amount_total: number }>(
      'select email, amount_total from orders where checkout_session_id = ?',
      sessionId,
    );
    expect(order).toEqual({
      email: expect.stringMatching(/^erased-\w+@erased\.invalid$/),
      amount_total: 2799,
    });
  } finally {
    await db.close();
  }
});

test('the privacy policy states the retention periods the shop deletes by, and where to use the data rights', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  const main = page.getByRole('main');
  for (const period of [
    `Contact messages are deleted ${CONTACT_MESSAGE_RETENTION_DAYS} days after you send them`,
    `cleared ${DOWNLOAD_HISTORY_RETENTION_DAYS} days after your last download`,
    `are deleted after ${SIGN_IN_RECORD_RETENTION_DAYS} days`,
    `${SENT_MAIL_RETENTION_DAYS} days after sending`,
    `for ${ACCOUNTING_RETENTION_YEARS} years from the order`,
  ]) {
    await expect(main.getByText(period)).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'account page' })).toHaveAttribute(
    'href',
    '/account',
  );
});
