/**
 * State changes sent to the shop from other sites, through the storefront's origin as production
 * exposes it: forged requests, a plain form post and framing by a page of another site.
 */
import { expect, test } from '@playwright/test';
import { useAttackerSite } from '../support/attacker-site.js';
import { readMailbox } from '../support/mailbox.js';
import { SHOP, SIGNED_OUT, expectJsonRefusal } from '../support/refusals.js';

const CROSS_SITE_REFUSAL = {
  message: 'Requests from another site are not accepted.',
  error: 'Requests from another site are not accepted.',
};
const OWNER_EMAIL = 'support@abaparentguides.com';

const contactBody = (name: string) => ({
  formId: 'contact_form',
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
  subject: 'General Question',
  message: 'Is the audiobook the same text as the PDF?',
});

const attackerPage = useAttackerSite();

test.describe('state changes sent from another site', () => {
  const forgeries: [string, Record<string, string>][] = [
    ['another Origin', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['no Origin, Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin, a foreign Referer', { referer: 'https://evil.example/prize.html' }],
  ];
  const record = { user_id: 'u-1', email: 'member@example.com', session_id: 'cs_forged_1' };
  const targets: { method: string; path: string; data?: unknown }[] = [
    {
      method: 'POST',
      path: '/api/create-checkout-session',
      data: {
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    },
    { method: 'POST', path: '/api/forms/submit', data: contactBody('Forged Sender') },
    { method: 'POST', path: '/api/subscription-records', data: { sessionId: 'cs_local_forged' } },
    { method: 'POST', path: '/api/subscription-records', data: record },
    { method: 'PUT', path: '/api/subscription-records/1', data: record },
    { method: 'DELETE', path: '/api/subscription-records/1' },
    { method: 'POST', path: '/api/send-otp', data: { email: 'victim@example.com' } },
    {
      method: 'POST',
      path: '/api/verify-otp',
      data: { email: 'victim@example.com', otp: '123456' },
    },
    { method: 'POST', path: '/api/downloads/resend', data: { email: 'victim@example.com' } },
    { method: 'POST', path: '/api/logout' },
  ];

  for (const [how, headers] of forgeries) {
    test(`are refused with 403 JSON when they carry ${how}`, async ({ request }) => {
      for (const { method, path, data } of targets) {
        const response = await request.fetch(path, { method, headers, data });
        expect(response.status(), `${method} ${path}`).toBe(403);
        expect(await response.json(), `${method} ${path}`).toEqual(CROSS_SITE_REFUSAL);
      }
    });
  }

  test('go through when the shop itself sends them, and nothing was done by the forged ones', async ({
    request,
  }, testInfo) => {
    const shop = { origin: SHOP, 'sec-fetch-site': 'same-origin' };
    const checkout = await request.post(targets[0]?.path as string, {
      headers: shop,
      data: targets[0]?.data,
    });
    expect(checkout.status()).toBe(200);
    expect((await checkout.json()).checkoutUrl).toMatch(/\/api\/checkout\/local\/cs_local_/);

    const name = `Genuine Sender ${testInfo.project.name}`;
    const contact = await request.post('/api/forms/submit', {
      headers: shop,
      data: contactBody(name),
    });
    expect(contact.status()).toBe(200);
    expect((await contact.json()).success).toBe(true);
    const notified = (sender: string) =>
      readMailbox().some(
        (mail) =>
          mail.to === OWNER_EMAIL &&
          mail.subject === `Contact form: General Question (from ${sender})`,
      );
    await expect.poll(() => notified(name), { timeout: 15_000 }).toBe(true);
    expect(notified('Forged Sender')).toBe(false);

    // The admin routes answer the shop's own request with their own rule (sign in), not 403.
    const list = await request.get('/api/subscription-records', { headers: shop });
    await expectJsonRefusal(list, 401, { error: SIGNED_OUT });
    expect((await request.post('/api/logout', { headers: shop })).status()).toBe(200);
  });

  test('a page on another site cannot send the contact form, even as a plain form post', async ({
    context,
  }) => {
    // The service also reads form-encoded bodies (the test checkout's Pay form), so a plain
    // HTML form on any site could post the contact form if only content types guarded it.
    const page = await attackerPage(
      context,
      `<form id="f" method="post" action="${SHOP}/api/forms/submit">
         <input name="formId" value="contact_form"><input name="name" value="Browser Forgery">
         <input name="email" value="browser.forgery@example.com">
         <input name="subject" value="General Question">
         <input name="message" value="Sent by a page of another site.">
       </form>`,
    );
    const posted = page.waitForResponse(`${SHOP}/api/forms/submit`);
    await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit());
    const response = await posted;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual(CROSS_SITE_REFUSAL);
    expect(readMailbox().some((mail) => mail.subject.includes('(from Browser Forgery)'))).toBe(
      false,
    );
  });

  test('a page on another site cannot frame the shop', async ({ context }) => {
    const refusals: string[] = [];
    context.on('console', (message) => refusals.push(message.text()));
    const page = await attackerPage(
      context,
      `<iframe title="home" src="${SHOP}/"></iframe><iframe title="shop" src="${SHOP}/shop"></iframe>
       <iframe title="post" src="${SHOP}/blog/featured-1"></iframe>`,
    );
    // A blog post may be framed by the CMS admin's preview only, not by this site.
    for (const title of ['home', 'shop', 'post']) {
      const frame = await page.locator(`iframe[title="${title}"]`).elementHandle();
      await expect
        .poll(async () => (await frame?.contentFrame())?.url() ?? '')
        .toMatch(/^chrome-error:/);
    }
    expect(refusals.join('\n')).toMatch(
      /violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    );
  });
});
