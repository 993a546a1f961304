/**
 * Hostile input that uses up per-client limits (sign-in codes) or needs Stripe: guessed sign-in
 * codes, an account that is not an administrator, open redirects after signing in and from
 * checkout, and a refunded order's download link. It runs on a commerce service and storefront
 * of their own (startShopOnCms), so the shared shop's budgets stay untouched.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { devices, expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { useAttackerSite } from '../support/attacker-site.js';
import { ADMIN_EMAIL } from '../support/admin-sign-in.js';
import { openCommerceDatabase, type CommerceDatabase } from '../support/commerce-database.js';
import { countMailTo, decodedText, readMailbox, waitForSignInCode } from '../support/mailbox.js';
import { expectJsonRefusal, expectNoFileBytes } from '../support/refusals.js';
import { requestAndEnterCode, requestSignInCode, signInByCode } from '../support/sign-in.js';
import { startShopOnCms, type RunningStack } from '../support/stack.js';

const NOT_ADMIN = 'Il tuo account non è un amministratore: non può eseguire questa operazione.';

const attackerPage = useAttackerSite();

test.describe('on a shop of its own', () => {
  test.describe.configure({ timeout: 120_000 });
  const WEBHOOK_SECRET = 'whsec_e2e_security_journeys';
  let stripe: FakeStripe;
  let shop: RunningStack;
  let base = '';

  test.beforeAll(async ({ browser: _browser }, testInfo) => {
    test.skip(Boolean(testInfo.project.use.isMobile), 'One own shop per run is enough.');
    testInfo.setTimeout(240_000);
    stripe = await startFakeStripe();
    shop = await startShopOnCms({
      cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
      env: {
        STRIPE_SECRET_KEY: 'sk_test_e2e_security',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        // The journeys play the TLS proxy in front of it, which says who each visitor is.
        TRUSTED_PROXIES: 'loopback',
      },
    });
    base = shop.urls.storefront;
  });

  test.afterAll(async () => {
    await shop?.stop();
    await stripe?.close();
  });

  /** A visitor of the own shop, reaching it through a TLS proxy that says who they are. */
  const visitor = (browser: Browser, address: string) =>
    browser.newContext({ baseURL: base, extraHTTPHeaders: { 'x-forwarded-for': address } });

  /**
   * An address is sent one code a minute; the journeys move the shop's record of the codes
   * already sent a minute back rather than wait (docs/product.md#sign-in-codes).
   */
  const codesAMinuteOlder = (db: CommerceDatabase, email: string) =>
    db.run(
      "update sign_in_code_requests set requested_at = strftime('%Y-%m-%dT%H:%M:%fZ', requested_at, '-61 seconds') where email = ?",
      email,
    );

  const sendOtp = (request: APIRequestContext, email: string, client: string) =>
    request.post(`${base}/api/send-otp`, {
      headers: { origin: base, 'x-forwarded-for': client },
      data: { email },
    });
  const verifyOtp = (request: APIRequestContext, email: string, otp: string, client: string) =>
    request.post(`${base}/api/verify-otp`, {
      headers: { origin: base, 'x-forwarded-for': client },
      data: { email, otp },
    });

  test('guessing a sign-in code stops after five wrong tries: then even the right code is refused', async ({
    request,
  }) => {
    const email = 'guesser@example.com';
    const client = '203.0.113.20';
    expect((await sendOtp(request, email, client)).status()).toBe(200);
    const code = await waitForSignInCode(email, 0, shop.dataDir);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await expectJsonRefusal(await verifyOtp(request, email, wrong, client), 401, {
        error: 'Codice OTP non valido',
      });
    const right = await verifyOtp(request, email, code, client);
    expect(right.status()).toBe(429);
    expect(await right.json()).toEqual({ error: 'Troppi tentativi: richiedi un nuovo codice' });
    expect(right.headers()['set-cookie']).toBeUndefined();
  });

  test('one client may try twenty codes in ten minutes, across any number of addresses', async ({
    request,
  }) => {
    const client = '203.0.113.21';
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect(
        (await verifyOtp(request, `spray${attempt}@example.com`, '123456', client)).status(),
      ).toBe(401);
    const next = await verifyOtp(request, 'spray20@example.com', '123456', client);
    expect(next.status()).toBe(429);
    expect((await next.json()).error).toMatch(/^Troppe richieste: attendi /);
    // Another visitor is not held back by this one.
    expect((await verifyOtp(request, 'spray@example.com', '123456', '203.0.113.22')).status()).toBe(
      401,
    );
  });

  test('one client may ask for ten codes in ten minutes; another client is still served', async ({
    request,
  }) => {
    const client = '203.0.113.23';
    for (let sent = 0; sent < 10; sent += 1)
      expect((await sendOtp(request, `flood${sent}@example.com`, client)).status()).toBe(200);
    const eleventh = await sendOtp(request, 'flood10@example.com', client);
    expect(eleventh.status()).toBe(429);
    expect((await eleventh.json()).error).toMatch(/^Troppe richieste: attendi /);
    expect((await sendOtp(request, 'not.flooding@example.com', '203.0.113.24')).status()).toBe(200);
  });

  test('a stranger who asks five times for the administrator’s code does not lock the administrator out, on a computer or a phone', async ({
    browser,
    request,
  }) => {
    const db = await openCommerceDatabase(
      { sqliteFile: path.join(shop.dataDir, 'commerce.sqlite') },
      { writable: true },
    );
    const aMinuteLater = () => codesAMinuteOlder(db, ADMIN_EMAIL);
    try {
      const stranger = '203.0.113.25';
      const mailed = countMailTo(ADMIN_EMAIL, shop.dataDir);
      for (let sent = 0; sent < 5; sent += 1) {
        await aMinuteLater();
        expect((await sendOtp(request, ADMIN_EMAIL, stranger)).status()).toBe(200);
      }
      await aMinuteLater();
      await expectJsonRefusal(await sendOtp(request, ADMIN_EMAIL, stranger), 429, {
        error: "Troppe richieste di codice per questo indirizzo: riprova tra un'ora",
      });
      // The stranger's codes reach the administrator's inbox before the administrator asks.
      await expect.poll(() => countMailTo(ADMIN_EMAIL, shop.dataDir)).toBe(mailed + 5);

      for (const device of [{ viewport: { width: 1280, height: 800 } }, devices['Pixel 7']]) {
        await aMinuteLater();
        const context = await browser.newContext({ ...device, baseURL: base });
        const page = await context.newPage();
        await signInByCode(page, ADMIN_EMAIL, shop.dataDir);
        await page.goto('/admin/orders');
        await expect(page.getByRole('heading', { name: /^Ordini/ })).toBeVisible();
        await context.close();
      }
    } finally {
      await db.close();
    }
  });

  test('a stranger’s wrong codes spend nothing of the owner’s, and ten pause codes for a sign-in link, on a computer and a phone', async ({
    browser,
    request,
  }) => {
    const db = await openCommerceDatabase(
      { sqliteFile: path.join(shop.dataDir, 'commerce.sqlite') },
      { writable: true },
    );
    const aMinuteLater = (email: string) => codesAMinuteOlder(db, email);
    const devicesToTry = [{ viewport: { width: 1280, height: 800 } }, devices['Pixel 7']];
    try {
      for (const [index, device] of devicesToTry.entries()) {
        const email = `code.owner${index}@example.com`;
        const context = await browser.newContext({ ...device, baseURL: base });
        const page = await context.newPage();
        await page.goto('/login');
        const before = countMailTo(email, shop.dataDir);
        await page.getByLabel('Email').fill(email);
        await requestSignInCode(page);
        const code = await waitForSignInCode(email, before, shop.dataDir);
        const wrong = code === '000000' ? '111111' : '000000';

        // A stranger without the owner's browser guesses: refused, and nothing counted.
        const stranger = `203.0.113.${60 + index}`;
        for (let guess = 0; guess < 6; guess += 1)
          await expectJsonRefusal(await verifyOtp(request, email, wrong, stranger), 401, {
            error:
              'Questo codice non è stato richiesto da questo browser: richiedi un nuovo codice qui',
          });
        // Codes the stranger asks for themselves (mailed to the owner) take ten wrong ones.
        for (const from of [`203.0.113.${70 + index}`, `203.0.113.${80 + index}`]) {
          await aMinuteLater(email);
          expect((await sendOtp(request, email, from)).status()).toBe(200);
          for (let guess = 0; guess < 5; guess += 1)
            expect((await verifyOtp(request, email, wrong, from)).status()).toBe(401);
        }
        // Codes are paused now, the owner's too; the owner is mailed a sign-in link.
        await page.getByLabel('Codice OTP').fill(code);
        await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(
          'Troppi codici sbagliati per questo indirizzo: per sicurezza ti abbiamo inviato per e-mail un link per accedere',
        );
        let link = '';
        await expect
          .poll(() => {
            const mail = readMailbox(shop.dataDir).find(
              (message) =>
                message.to === email &&
                message.subject === 'Il tuo link di accesso ad ABA Parent Guides',
            );
            link =
              /https?:\/\/\S+\/login\/link#[\w-]+/.exec(decodedText(mail?.raw ?? ''))?.[0] ?? '';
            return link;
          })
          .toMatch(/\/login\/link#/);
        await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
        await expect(page.getByRole('heading', { name: 'Accedi con il link' })).toBeVisible();
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/account');
        expect(await (await page.request.get('/api/users/me')).json()).toMatchObject({ email });
        // Used once, the link opens nothing more.
        await page.context().clearCookies();
        await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
        await page.getByRole('button', { name: 'Accedi', exact: true }).click();
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(
          'Questo link di accesso non è valido o è già stato usato: richiedi un nuovo codice',
        );
        await context.close();
      }
    } finally {
      await db.close();
    }
  });

  test('a signed-in account that is not an administrator gets 403 and the not-authorised page; another site cannot log it out', async ({
    browser,
  }) => {
    const context = await visitor(browser, '198.51.100.30');
    const page = await context.newPage();
    await signInByCode(page, 'not.an.admin@example.com', shop.dataDir);
    const record = { user_id: 'u-1', email: 'member@example.com', session_id: 'cs_admin_403' };
    const same = { origin: base };
    const refusals = [
      await page.request.get('/api/subscription-records'),
      await page.request.post('/api/subscription-records', { headers: same, data: record }),
      await page.request.put('/api/subscription-records/1', { headers: same, data: record }),
      await page.request.delete('/api/subscription-records/1', { headers: same }),
    ];
    for (const refusal of refusals) await expectJsonRefusal(refusal, 403, { error: NOT_ADMIN });
    await page.goto('/admin/subscriptions');
    await expect(page.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nuovo Subscription Record' })).toHaveCount(0);

    // A link on another site to the logout address: the browser sends the session cookie
    // (SameSite=Lax allows it on a top-level navigation), but logging out is a POST.
    const attacker = await attackerPage(
      context,
      `<a href="${base}/api/logout">Claim your prize</a>`,
    );
    const followed = attacker.waitForResponse(`${base}/api/logout`);
    await attacker.getByRole('link', { name: 'Claim your prize' }).click();
    expect((await followed).status()).toBe(404);
    expect(await (await page.request.get('/api/users/me')).json()).toMatchObject({
      email: 'not.an.admin@example.com',
    });
    await context.close();
  });

  test('after signing in, the login page never leaves the site, whatever its redirect says', async ({
    browser,
  }) => {
    const redirects = [
      'https://evil.example/phish',
      '//evil.example/phish',
      '/\\evil.example/phish',
      '\\\\evil.example\\phish',
      'javascript:window.__hostile=1',
      'https:evil.example',
      '/\tevil.example',
      '/%2F%2Fevil.example',
    ];
    for (const [index, redirect] of redirects.entries()) {
      const context = await visitor(browser, `198.51.100.${40 + index}`);
      const page = await context.newPage();
      await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
      await requestAndEnterCode(page, `redirect${index}@example.com`, shop.dataDir);
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 5_000 });
      const landed = new URL(page.url());
      expect(landed.origin, redirect).toBe(base);
      // An encoded path is a path on this site (the shop answers it with its not-found
      // page); everything else that is not a plain path here goes home.
      expect(landed.pathname, redirect).toBe(redirect.startsWith('/%2F') ? redirect : '/');
      expect(
        await page.evaluate(() => (window as unknown as { __hostile?: number }).__hostile),
      ).toBeUndefined();
      await context.close();
    }

    // From a link on another site (its address as the referrer), too; and a path on this
    // site is honoured, so the rule is not simply "always home".
    const fromAttacker = await visitor(browser, '198.51.100.60');
    const attacker = await attackerPage(fromAttacker, `<a href="${base}/login">Sign in</a>`);
    await attacker.getByRole('link', { name: 'Sign in' }).click();
    await requestAndEnterCode(attacker, 'from.attacker@example.com', shop.dataDir);
    await attacker.waitForURL((url) => url.pathname !== '/login', { timeout: 5_000 });
    expect(new URL(attacker.url()).origin).toBe(base);
    expect(new URL(attacker.url()).pathname).toBe('/');
    await fromAttacker.close();

    const honest = await visitor(browser, '198.51.100.61');
    const page = await honest.newPage();
    await page.goto(`/login?redirect=${encodeURIComponent('/shop')}`);
    await requestAndEnterCode(page, 'honest@example.com', shop.dataDir);
    await page.waitForURL((url) => url.pathname === '/shop', { timeout: 5_000 });
    await honest.close();
  });

  test('checkout refuses return paths that leave the shop, and Stripe only ever gets the shop’s own', async ({
    request,
  }) => {
    const products = [{ productId: 'ebook-aba-for-parents', quantity: 1 }];
    const outside = [
      'https://evil.example/thanks',
      'http://evil.example',
      '//evil.example/thanks',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/%2F%2Fevil.example',
      ' /checkout/success',
      '/checkout/success\n',
      'checkout/success',
    ];
    const sentToStripe = stripe.requests.length;
    for (const path of outside) {
      for (const body of [
        { products, successRouter: path, cancelRouter: '/checkout/cancel' },
        { products, successRouter: '/checkout/success', cancelRouter: path },
      ]) {
        const response = await request.post(`${base}/api/create-checkout-session`, {
          headers: { origin: base, 'x-forwarded-for': '203.0.113.30' },
          data: body,
        });
        expect(response.status(), JSON.stringify(body)).toBe(400);
        expect((await response.json()).message).toMatch(
          /^Invalid body: (successRouter|cancelRouter): must be a path on this site/,
        );
      }
    }
    expect(stripe.requests.length).toBe(sentToStripe);

    const good = await request.post(`${base}/api/create-checkout-session`, {
      headers: { origin: base },
      data: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
    });
    expect(good.status()).toBe(200);
    const created = stripe.requests.at(-1);
    expect(created?.path).toBe('/v1/checkout/sessions');
    expect(created?.fields.success_url).toBe(
      `${base}/checkout/success?sessionId={CHECKOUT_SESSION_ID}`,
    );
    expect(created?.fields.cancel_url).toBe(`${base}/checkout/cancel`);
  });

  test('a download link stops working once the order is refunded, and no byte is served', async ({
    request,
  }) => {
    let events = 0;
    const deliver = (type: string, object: Record<string, unknown>) => {
      events += 1;
      const payload = JSON.stringify({
        id: `evt_e2e_security_${events}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', WEBHOOK_SECRET)
        .update(`${timestamp}.${payload}`)
        .digest('hex');
      return request.post(`${base}/api/webhooks/stripe`, {
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${timestamp},v1=${signature}`,
        },
        data: payload,
      });
    };

    const created = await request.post(`${base}/api/create-checkout-session`, {
      headers: { origin: base },
      data: {
        products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
        successRouter: '/checkout/success',
        cancelRouter: '/checkout/cancel',
      },
    });
    expect(created.status()).toBe(200);
    const sessionId = ((await created.json()) as { checkoutUrl: string }).checkoutUrl
      .split('/')
      .pop() as string;
    const session = stripe.pay(sessionId, 'refunded.buyer@example.com');
    expect((await deliver('checkout.session.completed', { ...session })).status()).toBe(200);

    const detail = await request.get(`${base}/api/products/purchase-detail?sessionId=${sessionId}`);
    expect(detail.status()).toBe(200);
    const link = ((await detail.json()) as { products: { downloadUrl: string }[] }).products[0]
      ?.downloadUrl as string;
    expect(new URL(link).origin).toBe(base);
    const before = await request.get(link, { headers: { range: 'bytes=0-4' } });
    expect((await before.body()).toString()).toBe('%PDF-');

    const refund = await deliver('charge.refunded', {
      id: 'ch_e2e_security',
      object: 'charge',
      refunded: true,
      payment_intent: session.payment_intent,
    });
    expect(refund.status()).toBe(200);
    const after = await request.get(link);
    await expectJsonRefusal(after, 403, {
      message: 'This purchase has been refunded, so its downloads are no longer available.',
    });
    expectNoFileBytes(await after.body());
  });
});
