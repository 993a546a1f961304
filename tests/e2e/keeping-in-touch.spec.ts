/**
 * Keeping in touch (docs/product.md#keeping-in-touch), with the schedule's clock moved instead
 * of waited for (support/scheduled-messages.ts):
 * - a parent signs up for the newsletter, confirms by the e-mailed link, receives the issue a
 *   marketer publishes in the CMS, unsubscribes with one click (RFC 8058) and gets no more;
 * - a buyer receives the welcome's day 2 and day 7, support refunds the order, and the review
 *   request is cancelled;
 * - a parent leaves the test checkout having ticked the news box, gets exactly one reminder,
 *   buys through it, and gets no other;
 * - a buyer reviews through the review request's link, a marketer approves the review in the
 *   CMS, and the shop shows it marked 'Verified buyer' and counts it in its structured data.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { cmsEditorToken, publishEntry } from '../support/cms-admin.js';
import { openSharedShopDatabase } from '../support/commerce-database.js';
import { headerOf, linkIn, readMailbox, waitForMail } from '../support/mailbox.js';
import { bringDue, scheduledFor } from '../support/scheduled-messages.js';
import { payCheckout, payOnTestCheckoutPage, startCheckout } from '../support/shop.js';
import { openCmsAdminWithToken, publishInCmsAdmin } from '../support/strapi-admin-ui.js';

const CMS_URL = process.env.E2E_CMS_URL ?? '';
const PARENTS = { productId: 'ebook-aba-for-parents', quantity: 1 };

// Strapi's admin UI takes its time on a two-core host.
test.describe.configure({ timeout: 180_000 });

const mailsTo = (email: string, subject: string) =>
  readMailbox().filter((mail) => mail.to === email && mail.subject === subject);

/**
 * The marketer at a desktop, in the CMS admin for the whole file with the editor's shared token:
 * Strapi allows an account only a few sign-ins within minutes, and other journeys sign in too.
 */
let marketer: Promise<{ context: BrowserContext; page: Page }> | undefined;
function marketerPage(browser: Browser, request: APIRequestContext) {
  marketer ??= (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openCmsAdminWithToken(page, CMS_URL, await cmsEditorToken(request));
    return { context, page };
  })();
  return marketer.then(({ page }) => page);
}
test.afterAll(async () => {
  await (await marketer)?.context.close();
  marketer = undefined;
});

const ISSUE_BODY =
  'Hello!\n\nThree small wins this week:\n\n- A new food tried\n- A calm bedtime\n- A word instead of a meltdown';

/** A newsletter issue written and published in the CMS admin. */
async function publishIssue(browser: Browser, request: APIRequestContext, subject: string) {
  const page = await marketerPage(browser, request);
  await page.goto(
    `${CMS_URL}/admin/content-manager/collection-types/api::newsletter-issue.newsletter-issue/create`,
  );
  await page.getByLabel('subject').fill(subject);
  await page.getByLabel('body').fill(ISSUE_BODY);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved document')).toBeVisible();
  await publishInCmsAdmin(page);
}

/** How many issues the shop has recorded as sent (each once). */
async function issuesSent(): Promise<number> {
  const db = await openSharedShopDatabase();
  try {
    return await db.count('select count(*) from newsletter_issues');
  } finally {
    await db.close();
  }
}

test('a parent subscribes, confirms, gets the issue a marketer sent, unsubscribes with one click and gets no more', async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'once is enough: the marketer works at a desktop');
  const email = `newsletter.${Date.now()}@example.com`;
  await page.goto('/blog');
  const signUp = page
    .getByRole('region', { name: 'Stay Updated with ABA Insights' })
    .getByRole('form', { name: 'Newsletter sign-up' });
  await signUp.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
  await signUp.getByRole('checkbox', { name: /Send me the ABA Parent Guides newsletter/ }).check();
  await signUp.getByRole('button', { name: 'Subscribe' }).click();
  await expect(
    page.getByText('Almost there: check your inbox for a link to confirm your subscription.'),
  ).toBeVisible();

  const confirmation = await waitForMail(email, 'Confirm your subscription to ABA Parent Guides');
  await page.goto(linkIn(confirmation, /https?:\/\/\S+\/newsletter\/confirm\?\S+/));
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const subject = `Small wins ${Date.now()}`;
  const before = await issuesSent();
  await publishIssue(browser, request, subject);
  const issue = await waitForMail(email, subject);
  const oneClick = headerOf(issue, 'List-Unsubscribe')?.replace(/^<|>$/g, '') ?? '';
  expect(oneClick).toMatch(/\/api\/newsletter\/unsubscribe\?token=/);
  expect(headerOf(issue, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  // The link in the message opens a page whose button unsubscribes: opening it changes nothing.
  await page.goto(linkIn(issue, /https?:\/\/[^\s/]+\/newsletter\/unsubscribe\?token=[^\s>]+/));
  await expect(
    page.getByRole('heading', { name: 'Unsubscribe from ABA Parent Guides e-mails' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The mail client's one click: a POST from no page at all, as RFC 8058 has it.
  const unsubscribed = await request.post(oneClick, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(unsubscribed.status()).toBe(200);
  expect(await unsubscribed.json()).toEqual({ email, status: 'unsubscribed' });

  // The next issue, published as the admin UI does it.
  const later = `After unsubscribing ${Date.now()}`;
  const laterIssue = await publishEntry(request, 'api::newsletter-issue.newsletter-issue', {
    subject: later,
    body: ISSUE_BODY,
  });
  await expect.poll(issuesSent, { timeout: 15_000 }).toBe(before + 2);
  expect(mailsTo(email, later)).toEqual([]);
  await laterIssue.remove();
});

test('a buyer gets the welcome on day 2 and day 7; once support refunds the order, the review request is cancelled', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  const email = `welcome.${isMobile ? 'phone' : 'desktop'}.${Date.now()}@example.com`;
  const { sessionId } = await startCheckout(request, [PARENTS]);
  await payCheckout(request, sessionId, email);
  expect((await scheduledFor(email)).map((row) => row.kind)).toEqual([
    'welcome-start',
    'welcome-check-in',
    'review-request',
  ]);

  await bringDue(email, 'welcome-start');
  const start = await waitForMail(email, 'Start with chapter 1');
  expect(linkIn(start, /https?:\/\/\S+\/library\/open#\S+/)).toBeTruthy();
  expect(headerOf(start, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  await bringDue(email, 'welcome-check-in');
  const checkIn = await waitForMail(email, 'How is it going?');
  expect(headerOf(checkIn, 'Reply-To')).toMatch(/support@/);

  const purchase = (await (
    await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)
  ).json()) as { orderId: string };
  await signInOnce(page, context, ADMIN_EMAIL);
  await page.goto(`/admin/orders/${purchase.orderId}`);
  await page
    .getByRole('region', { name: 'Azioni' })
    .getByRole('button', { name: 'Rimborsa' })
    .click();
  await page
    .getByRole('dialog', { name: 'Rimborsa' })
    .getByRole('button', { name: 'Conferma il rimborso' })
    .click();
  await expect(page.getByText(/Rimborso eseguito/).first()).toBeVisible();

  expect(await scheduledFor(email)).toEqual([
    { kind: 'welcome-start', status: 'sent', cancel_reason: null },
    { kind: 'welcome-check-in', status: 'sent', cancel_reason: null },
    { kind: 'review-request', status: 'cancelled', cancel_reason: 'refunded' },
  ]);
  await bringDue(email);
  await page.waitForTimeout(1500);
  expect(
    readMailbox().filter((mail) => mail.to === email && /How are you finding/.test(mail.subject)),
  ).toEqual([]);
});

test('a parent who leaves the checkout gets exactly one reminder, buys through it, and gets no other', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `left.basket.${isMobile ? 'phone' : 'desktop'}.${Date.now()}@example.com`;
  const { checkoutUrl } = await startCheckout(request, [PARENTS]);
  await page.goto(checkoutUrl);
  await page.getByLabel('E-mail for your receipt and downloads').fill(email);
  await page
    .getByRole('checkbox', { name: /Send me the newsletter and occasional offers/ })
    .check();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL('**/checkout/cancel');
  expect(await scheduledFor(email)).toEqual([
    { kind: 'checkout-reminder', status: 'pending', cancel_reason: null },
  ]);

  await bringDue(email, 'checkout-reminder');
  const reminder = await waitForMail(email, 'You left something in your basket');
  const fresh = linkIn(reminder, /https?:\/\/\S+\/api\/checkout\/local\/cs_\S+/);
  expect(fresh).not.toBe(checkoutUrl);
  await page.goto(fresh);
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success/);
  await waitForMail(email, 'Your ABA Parent Guides order and downloads');

  // The schedule's pass has run several times since: still the one reminder.
  await page.waitForTimeout(1500);
  expect(mailsTo(email, 'You left something in your basket')).toHaveLength(1);
});

/** The review the shop delivered to the CMS, by its words: its document there. */
async function cmsDocumentOf(text: string): Promise<string> {
  let documentId = '';
  await expect
    .poll(
      async () => {
        const db = await openSharedShopDatabase();
        try {
          const [row] = await db.query<{ cms_document_id: string | null }>(
            'select cms_document_id from reviews where text = ?',
            text,
          );
          documentId = row?.cms_document_id ?? '';
          return documentId;
        } finally {
          await db.close();
        }
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return documentId;
}

/** The marketer approves the review waiting in the CMS by publishing it. */
async function approveReview(browser: Browser, request: APIRequestContext, documentId: string) {
  const page = await marketerPage(browser, request);
  await page.goto(
    `${CMS_URL}/admin/content-manager/collection-types/api::review.review/${documentId}`,
  );
  await publishInCmsAdmin(page);
}

async function ratingOf(page: Page, productName: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'ItemList') as
    | { itemListElement: { item: { name: string; aggregateRating?: { reviewCount: number } } }[] }
    | undefined;
  return list?.itemListElement.find((element) => element.item.name === productName)?.item
    .aggregateRating;
}

test('a buyer reviews through the link, a marketer approves it, and the shop shows it as a verified buyer’s', async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'once is enough: the review is the same on a phone');
  const email = `review.${Date.now()}@example.com`;
  const { sessionId } = await startCheckout(request, [PARENTS]);
  await payCheckout(request, sessionId, email);
  await page.goto('/shop');
  const before = (await ratingOf(page, 'eBook ABA for Parents'))?.reviewCount ?? 0;

  await bringDue(email, 'review-request');
  const requestMail = await waitForMail(email, 'How are you finding eBook ABA for Parents?');
  await page.goto(linkIn(requestMail, /https?:\/\/\S+\/review\?token=\S+/));
  const text = `Our evenings are calmer since chapter six, thank you ${Date.now()}.`;
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByLabel(/Your review/).fill(text);
  await page.getByLabel(/First name/).fill('Giulia');
  await page.getByRole('checkbox', { name: /You may publish my review/ }).check();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Send my review' }).click();
  await expect(
    page.getByText('Thank you! Your review will appear once we have read it.'),
  ).toBeVisible();

  await approveReview(browser, request, await cmsDocumentOf(text));
  await expect
    .poll(
      async () => {
        await page.goto('/shop');
        return page.getByText(text).count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  const shown = page.getByRole('figure').filter({ hasText: text });
  await expect(shown.getByText('Verified buyer')).toBeVisible();
  expect((await ratingOf(page, 'eBook ABA for Parents'))?.reviewCount).toBe(before + 1);
});
