/**
 * The membership delivers (docs/product.md#member-resources): a parent becomes a member through
 * the test checkout, a marketer publishes a month's resource in the CMS admin, the member is
 * e-mailed, opens it in the library on their phone and reads the worksheet made out to them;
 * a buyer who is not a member, and a visitor, cannot fetch its files.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser } from '@playwright/test';
import { pageTexts } from '@aba-shop/test-kit/pdf-text';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { CMS_EDITOR } from '../support/cms-admin.js';
import { orderNumberOfSession } from '../support/commerce-database.js';
import { decodedText, readMailbox } from '../support/mailbox.js';
import { buyForLibrary } from '../support/shop.js';
import { publishInCmsAdmin, signInToCmsAdmin } from '../support/strapi-admin-ui.js';

const CMS_URL = process.env.E2E_CMS_URL ?? '';
const MEMBERSHIP = { productId: 'aba-parent-support-monthly', quantity: 1 };
const PARENTS = { productId: 'ebook-aba-for-parents', quantity: 1 };
/** The seeded sample's worksheet, which the marketer uploads under a name of their own. */
const SAMPLE_WORKSHEET = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../cms/data/member-resources/morning-routine-worksheet.pdf',
);

test.skip(({ isMobile }) => !isMobile, "the member's side is a phone's");
// Strapi's admin UI (sign-in, an upload, publish) takes its time on a two-core host.
test.describe.configure({ timeout: 180_000 });

/** The marketer, at a desktop: a new member resource with a worksheet, published. */
async function publishResource(
  browser: Browser,
  resource: { title: string; month: string; worksheet: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInToCmsAdmin(page, CMS_URL, CMS_EDITOR);
    await page.goto(
      `${CMS_URL}/admin/content-manager/collection-types/api::member-resource.member-resource/create`,
    );
    await page.getByLabel('Title').fill(resource.title);
    await page.getByLabel('Month').fill(resource.month);
    await page
      .getByLabel('Description')
      .fill('Calm evenings: a worksheet to plan a bedtime routine your child can follow.');
    await page
      .getByRole('button', { name: /Click to add an asset or drag and drop one in this area/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: 'Add new assets' })
      .getByRole('button', { name: 'Add more assets' })
      .click();
    // 'From computer': the file the marketer picks, given to the dialog's file input.
    await page
      .getByRole('tabpanel', { name: 'From computer' })
      .locator('input[type="file"]')
      .setInputFiles(resource.worksheet);
    await page.getByRole('button', { name: 'Upload 1 asset to the library' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved document')).toBeVisible();
    return await publishInCmsAdmin(page);
  } finally {
    await context.close();
  }
}

test('a member is e-mailed the month they were promised, reads its worksheet made out to them; others cannot fetch it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const stamp = Date.now();
  const member = `member.${stamp}@example.com`;
  const { sessionId, link } = await buyForLibrary(page.request, [MEMBERSHIP], member);
  const title = `Bedtime without battles ${stamp}`;

  // The marketer's own file: its name is the worksheet's name in the library and the e-mail.
  const worksheet = test.info().outputPath('Bedtime routine worksheet.pdf');
  copyFileSync(SAMPLE_WORKSHEET, worksheet);
  const publishedAt = await publishResource(browser, { title, month: '2026-11', worksheet });
  // One e-mail, through the outbox, once the CMS tells the shop of the publication.
  let announcement = '';
  await expect
    .poll(
      () => {
        const mail = readMailbox().filter(
          (entry) => entry.to === member && entry.subject === `New for members: ${title}`,
        );
        announcement = mail[0] ? decodedText(mail[0].raw) : '';
        return mail.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  console.log(`member resource e-mailed ${Date.now() - publishedAt} ms after Publish`);
  expect(announcement).toContain('Worksheet: Bedtime routine worksheet (PDF, made out to you)');
  expect(announcement).toMatch(/Open your library: https?:\/\/\S+\/library/);

  await page.goto(link);
  await page.waitForURL('**/library');
  const shelf = page.getByRole('region', { name: 'Member resources' });
  await expect(shelf.getByRole('heading', { name: title })).toBeVisible();
  await expect(shelf).toContainText('November 2026');
  await expectNoSeriousAxeViolations(page);
  await shelf.getByRole('link', { name: `Open ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('link', { name: 'Read Bedtime routine worksheet' }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.locator('canvas[data-page="1"]')).toBeVisible();

  // The sample month's recorded Q&A: in the player, each question a place to jump to, and
  // its transcript to read.
  await page.goto('/library');
  await page.getByRole('link', { name: 'Open Morning routines that stick' }).click();
  const questions = page.getByRole('navigation', { name: 'Questions' });
  await expect(questions.getByRole('button')).toHaveCount(2);
  await questions
    .getByRole('button', { name: /What if my child refuses to get dressed\?/ })
    .click();
  await expect(page.getByText('Morning routines that stick · Question 2 of 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expect(
    page.getByText('Offer a choice between two outfits', { exact: false }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The file the reader drew is the member's own copy.
  const library = (await (await page.request.get('/api/library')).json()) as {
    membership: { resources: { title: string; files: { streamUrl: string }[] }[] };
  };
  const resource = library.membership.resources.find((entry) => entry.title === title);
  const streamUrl = resource?.files[0]?.streamUrl ?? '';
  expect(streamUrl).toMatch(/^\/api\/library\/member-files\//);
  const stamped = await page.request.get(streamUrl);
  expect(stamped.status()).toBe(200);
  const pages = await pageTexts(await stamped.body());
  expect(pages.length).toBeGreaterThan(0);
  for (const text of pages)
    expect(text).toContain(
      `Licensed to ${member} · Membership ${await orderNumberOfSession(sessionId)}`,
    );

  // A buyer of an eBook sees what the month is, not its files.
  const buyer = await browser.newContext({ ...test.info().project.use, baseURL });
  try {
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(
      (await buyForLibrary(buyerPage.request, [PARENTS], `ebook.${stamp}@example.com`)).link,
    );
    await buyerPage.waitForURL('**/library');
    const membership = buyerPage.getByRole('region', { name: 'Membership' });
    await expect(membership).toContainText(title);
    await expect(membership.getByRole('link', { name: 'Become a member' })).toBeVisible();
    const refused = await buyerPage.request.get(streamUrl);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This is for members: become a member to read and listen.',
    );
  } finally {
    await buyer.close();
  }
  // A visitor with neither a library link nor a sign-in.
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    expect((await visitor.get(streamUrl)).status()).toBe(401);
  } finally {
    await visitor.dispose();
  }
});
