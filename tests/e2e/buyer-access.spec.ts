/**
 * Access a shared copy cannot give (docs/product.md#library, #withdrawal, #order-reference,
 * ADR 0043), on desktop and phone: a stranger holding a member's stamped PDF, which names the
 * order number and the address, cannot open the order's page with the number, nor end the
 * membership: the withdrawal waits for the member's mailbox; a stranger
 * who asks for a buyer's links signs nobody out; the buyer sees their devices and
 * signs them all out, after which a link e-mailed before opens nothing; a link past its 30 days
 * opens nothing either, and its page sends a new one to the buyer.
 */
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { localSecrets } from '../../scripts/lib/services.mjs';
import { ownClientAddress } from '../support/client-address.js';
import { orderNumberOfSession } from '../support/commerce-database.js';
import { countMailTo, waitForLibraryLink, waitForMail } from '../support/mailbox.js';
import { buyForLibrary } from '../support/shop.js';

const PARENTS = { productId: 'ebook-aba-for-parents', quantity: 1 };
const MEMBERSHIP = { productId: 'aba-parent-support-monthly', quantity: 1 };

const addressFor = (what: string, isMobile: boolean) =>
  `access.${what}.${isMobile ? 'phone' : 'desktop'}.${Date.now()}@example.com`;

test('a stranger’s resend signs nobody out; the buyer signs every device out, and old links stop', async ({
  page,
  browser,
  playwright,
  baseURL,
  isMobile,
}) => {
  const email = addressFor('devices', isMobile);
  const { link } = await buyForLibrary(page.request, [PARENTS], email);
  await page.goto(link);
  await page.waitForURL('**/library');
  await expect(page.getByRole('heading', { name: 'ABA for Parents' })).toBeVisible();

  // A stranger who knows the address, with none of the buyer's cookies, from a client of their
  // own (the resend's per-client limit is shared by every journey's loopback requests).
  const stranger = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() },
  });
  const resend = await stranger.post('/api/downloads/resend', { data: { email } });
  expect(resend.status()).toBe(202);
  await stranger.dispose();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ABA for Parents' })).toBeVisible();

  await page.getByText('Your devices').click();
  const devices = page.getByRole('list', { name: 'Devices with your library open' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByRole('listitem')).toContainText('(this device)');

  await page.getByRole('button', { name: 'Sign out all devices' }).click();
  await page.waitForURL('**/library');
  await expect(page.getByText(/Open your library with the link in your e-mail/)).toBeVisible();

  // The receipt's link, opened on another device, now opens nothing, and says why.
  const other = await browser.newContext({ ...test.info().project.use, baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await expect(
    otherPage.getByText(/This library link has been replaced by a newer one/),
  ).toBeVisible();
  await other.close();
});

test('a link past its 30 days opens nothing, and its page e-mails the buyer a new one', async ({
  page,
  isMobile,
}) => {
  const email = addressFor('expired', isMobile);
  const { link } = await buyForLibrary(page.request, [PARENTS], email);
  // The same grant as the receipt's link, signed as the shop signs it, expired a day ago.
  const payload = JSON.parse(
    Buffer.from(new URL(link).hash.slice(1).split('.')[0] as string, 'base64url').toString(),
  ) as { x: number };
  const expired = Buffer.from(
    JSON.stringify({ ...payload, x: Math.floor(Date.now() / 1000) - 86_400 }),
  ).toString('base64url');
  const { DOWNLOAD_SIGNING_SECRET: secret } = localSecrets(process.env.E2E_DATA_DIR as string) as {
    DOWNLOAD_SIGNING_SECRET: string;
  };
  const signature = createHmac('sha256', secret).update(expired).digest('base64url');

  await page.goto(`/library/open#${expired}.${signature}`);
  await expect(page.getByText(/^This library link has expired\./)).toBeVisible();
  await page.getByRole('button', { name: 'E-mail me a new link' }).click();
  await expect(page.getByText('A new library link is on its way', { exact: false })).toBeVisible();
  // The receipt, then the new link's e-mail.
  await expect.poll(() => countMailTo(email), { timeout: 15_000 }).toBe(2);
  const fresh = await waitForLibraryLink(email);
  expect(fresh).not.toBe(link);
  // Opened from the e-mail, in a tab of its own.
  const tab = await page.context().newPage();
  await tab.goto(fresh);
  await tab.waitForURL('**/library');
  await expect(tab.getByRole('heading', { name: 'ABA for Parents' })).toBeVisible();
});

test('a stranger with a member’s PDF asks to withdraw: nothing ends until the member confirms', async ({
  page,
  playwright,
  baseURL,
  isMobile,
}) => {
  const email = addressFor('withdrawal', isMobile);
  const { sessionId, link } = await buyForLibrary(page.request, [MEMBERSHIP], email);
  await page.goto(link);
  await page.waitForURL('**/library');

  // What the worksheet's stamp prints: the address and the order number. No cookies.
  const number = await orderNumberOfSession(sessionId);
  expect(number).toMatch(/^ABA-/);
  const stranger = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() },
  });
  const page404 = await stranger.get(`/api/products/purchase-detail?sessionId=${number}`);
  expect(page404.status()).toBe(404);
  expect(await page404.text()).not.toContain('/api/downloads/');
  const contract = { orderReference: number, email };
  expect((await stranger.post('/api/withdrawals/preview', { data: contract })).status()).toBe(200);
  const asked = await stranger.post('/api/withdrawals', { data: { ...contract, confirm: true } });
  expect(asked.status()).toBe(201);
  expect(await asked.json()).toMatchObject({ outcome: 'unconfirmed' });
  await stranger.dispose();

  // The member is told, and keeps everything until they confirm.
  await waitForMail(email, /^Confirm your withdrawal/);
  const library = await page.request.get('/api/library');
  expect(library.status()).toBe(200);
  expect(
    ((await library.json()) as { membership: { access: { state: string } } }).membership.access
      .state,
  ).toBe('active');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Member resources' })).toBeVisible();
});
