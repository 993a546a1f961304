/**
 * Consent that can be taken back (docs/product.md#cookie-consent): the banner asks in the page's
 * language, "Cookie settings" in every footer opens it again to accept, decline or withdraw, a
 * withdrawal stops the pixel and deletes its cookie, a new text version asks again, and the shop
 * keeps each answer with its text version and time, naming a signed-in visitor. Needs a
 * storefront started with a pixel id (tests/support/pixel-shop.ts), and a stand-in for Meta's
 * script (tests/support/meta-pixel-stand-in.ts).
 */
import path from 'node:path';
import { CONSENT_TEXT_VERSION } from '@aba-shop/contract/constants';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/pixel-shop.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { openCommerceDatabase } from '../support/commerce-database.js';
import { serveMetaPixelStandIn, storefrontHasPixel } from '../support/meta-pixel-stand-in.js';
import { signInByCode } from '../support/sign-in.js';

interface ConsentRow {
  consent_id: string;
  choice: string;
  text_version: string;
  language: string;
  recorded_at: string;
  email: string | null;
}

async function consentRecords(dataDir: string, consentId: string): Promise<ConsentRow[]> {
  const db = await openCommerceDatabase({ sqliteFile: path.join(dataDir, 'commerce.sqlite') });
  try {
    return await db.query<ConsentRow>(
      'select consent_id, choice, text_version, language, recorded_at, email from consent_records where consent_id = ? order by recorded_at, id',
      consentId,
    );
  } finally {
    await db.close();
  }
}

const storedConsent = (page: Page) =>
  page.evaluate(() => ({
    answer: JSON.parse(window.localStorage.getItem('aba-cookie-consent') ?? 'null') as {
      choice: string;
      version: string;
      at: string;
    } | null,
    consentId: window.localStorage.getItem('aba-consent-id') ?? '',
  }));

// The pixel's shop must have its pixel: were it missing, every check below would pass vacuously.
test.beforeEach(async ({ baseURL }) => {
  expect(await storefrontHasPixel(baseURL ?? '')).toBe(true);
});

test('a visitor accepts, then withdraws from the footer: the pixel stops, its cookie goes, and the shop keeps both answers', async ({
  pixelShop,
  page,
  context,
}) => {
  const pixel = await serveMetaPixelStandIn(context);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toContainText('advertising cookie');
  await expectNoSeriousAxeViolations(page);
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => pixel.events().length).toBe(1);
  await expect
    .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
    .toContain('_fbp');

  const { answer, consentId } = await storedConsent(page);
  expect(answer).toEqual({
    choice: 'accepted',
    version: CONSENT_TEXT_VERSION,
    at: expect.any(String),
  });
  await expect
    .poll(async () => (await consentRecords(pixelShop.dataDir, consentId)).map((row) => row.choice))
    .toEqual(['accepted']);

  await test.step('the footer reopens the choice, showing what was answered', async () => {
    await page.goto('/shop');
    await expect.poll(() => pixel.events().length).toBe(2);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await expect(banner).toContainText('You accepted the advertising cookie on');
    await expectNoSeriousAxeViolations(page);
    await banner.getByRole('button', { name: 'Withdraw consent' }).click();
    await expect(banner).toBeHidden();
  });

  await test.step('after the withdrawal nothing more is sent and the cookie is gone', async () => {
    await expect
      .poll(async () => (await context.cookies()).map((cookie) => cookie.name))
      .not.toContain('_fbp');
    const sent = pixel.requests.length;
    await page.goto('/blog');
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(pixel.requests.length).toBe(sent);
    expect((await storedConsent(page)).answer?.choice).toBe('withdrawn');
  });

  await expect
    .poll(async () =>
      (await consentRecords(pixelShop.dataDir, consentId)).map((row) => [
        row.choice,
        row.text_version,
        row.language,
        row.email,
      ]),
    )
    .toEqual([
      ['accepted', CONSENT_TEXT_VERSION, 'en', null],
      ['withdrawn', CONSENT_TEXT_VERSION, 'en', null],
    ]);
});

test('on an Italian page the banner and the footer speak Italian, and declining is recorded in Italian', async ({
  pixelShop,
  page,
  context,
}) => {
  const pixel = await serveMetaPixelStandIn(context);
  await page.goto('/login');
  const banner = page.getByRole('region', { name: 'Consenso ai cookie' });
  await expect(banner).toHaveAttribute('lang', 'it');
  await expect(banner).toContainText('cookie pubblicitario');
  const settings = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Impostazioni cookie' });
  await expect(settings).toHaveAttribute('lang', 'it');
  await expectNoSeriousAxeViolations(page);
  await banner.getByRole('button', { name: 'Rifiuta' }).click();
  await expect(banner).toBeHidden();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(pixel.requests).toEqual([]);
  const { consentId } = await storedConsent(page);
  await expect
    .poll(async () =>
      (await consentRecords(pixelShop.dataDir, consentId)).map((row) => [row.choice, row.language]),
    )
    .toEqual([['declined', 'it']]);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toContainText(
    'You declined the advertising cookie on',
  );
});

test('an answer to an older text asks again, and a signed-in visitor’s answer names them', async ({
  pixelShop,
  page,
  context,
  isMobile,
}) => {
  await serveMetaPixelStandIn(context);
  const email = `consent.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const answer = (version: string) =>
    page.evaluate(
      (given) =>
        window.localStorage.setItem(
          'aba-cookie-consent',
          JSON.stringify({ choice: 'declined', version: given, at: '2026-01-01T00:00:00Z' }),
        ),
      version,
    );
  // Answered already, so the banner stays out of the way of signing in.
  await page.goto('/');
  await answer(CONSENT_TEXT_VERSION);
  await signInByCode(page, email, pixelShop.dataDir);
  // The same answer, given to a text that has since changed.
  await answer('2020-01-01');
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Accept' }).click();
  const { consentId } = await storedConsent(page);
  await expect
    .poll(async () =>
      (await consentRecords(pixelShop.dataDir, consentId)).map((row) => [row.choice, row.email]),
    )
    .toEqual([['accepted', email]]);
});
