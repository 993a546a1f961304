/** Signing in and out on the storefront: by e-mail code, and with "Google" in a popup. */
import { expect, test, type Page } from '@playwright/test';
import { countMailTo, waitForSignInCode } from '../support/mailbox.js';
import { ADMIN_EMAIL, signInByCodeInTurn } from '../support/admin-sign-in.js';
import { payCheckout, startCheckout } from '../support/shop.js';
import { requestSignInCode, signInByCode } from '../support/sign-in.js';
import { startShopOnCms, type RunningStack } from '../support/stack.js';

/** The navbar; on a phone its items sit in the menu, which is opened first. */
async function navbar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('navigation', { name: 'Main' });
}

test('a parent signs in with an e-mail code, sees the address in the navbar and logs out to /', async ({
  page,
  isMobile,
}) => {
  const email = `code.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await signInByCode(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  await expect((await navbar(page)).getByRole('link', { name: email })).toBeVisible();
  await expect((await navbar(page)).getByRole('link', { name: 'Admin', exact: true })).toHaveCount(
    0,
  );

  await (await navbar(page)).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect((await navbar(page)).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await (await page.request.get('/api/users/me')).json()).toBeNull();
});

test('an administrator sees the Admin link', async ({ page, isMobile }) => {
  test.skip(isMobile, 'One administrator sign-in is enough.');
  await signInByCodeInTurn(page, ADMIN_EMAIL);
  await expect(
    (await navbar(page)).getByRole('link', { name: 'Admin', exact: true }),
  ).toHaveAttribute('href', '/admin/subscriptions');
});

test('a wrong code shows the server’s message and Torna indietro starts again', async ({
  page,
  isMobile,
}) => {
  const email = `wrong.${isMobile ? 'phone' : 'desktop'}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Invia codice' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Inserisci un indirizzo email valido',
  );
  await page.getByLabel('Email').fill(email);
  await requestSignInCode(page);
  const code = await waitForSignInCode(email);
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Inserisci il codice OTP ricevuto via email',
  );
  await page.getByLabel('Codice OTP').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Codice OTP non valido');
  await page.getByRole('button', { name: '← Torna indietro' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});

test('after signing in, the page returns to where the visitor came from', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'The redirect rule is the same on every screen.');
  const email = 'back.to.blog@example.com';
  await page.goto('/login?redirect=/blog/featured-2');
  const before = countMailTo(email);
  await page.getByLabel('Email').fill(email);
  await requestSignInCode(page);
  await page.getByLabel('Codice OTP').fill(await waitForSignInCode(email, before));
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click();
  await page.waitForURL(/\/blog\/featured-2$/);
});

test('Google sign-in in a popup: the callback page hands over the code and the user is signed in', async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, 'Popups are a desktop flow.');
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continua con Google' }).click();
  const popup = await popupPromise;
  // The local OpenID provider consents at once and sends the popup to /auth/callback.
  await popup.waitForEvent('close');
  await expect(page.getByText('Login effettuato con successo!')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(
    (await navbar(page)).getByRole('link', { name: 'google.parent@example.com' }),
  ).toBeVisible();
});

test('a refused Google consent shows the fallback error and nobody is signed in', async ({
  page,
  context,
  isMobile,
}) => {
  test.skip(isMobile, 'Popups are a desktop flow.');
  const issuer = new URL(process.env.E2E_GOOGLE_ISSUER as string);
  await context.route(`${issuer.origin}/authorize**`, (route) => {
    const url = new URL(route.request().url());
    const back = new URL(url.searchParams.get('redirect_uri') as string);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', url.searchParams.get('state') as string);
    return route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continua con Google' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Errore durante il login con Google',
  );
  expect(await (await page.request.get('/api/users/me')).json()).toBeNull();
});

test.describe('a shop without Google sign-in set up', () => {
  let shop: RunningStack;

  test.beforeAll(async ({ browserName: _browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    shop = await startShopOnCms({
      cmsPort: Number(new URL(process.env.E2E_CMS_URL as string).port),
      // Empty is unset: this shop has no Google client.
      env: { GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' },
    });
  });

  test.afterAll(async () => {
    await shop?.stop();
  });

  test('the Italian login page says so in Italian', async ({ page }) => {
    await page.goto(`${shop.urls.storefront}/login`);
    await page.getByRole('button', { name: 'Continua con Google' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Errore durante il login con Google: l’accesso con Google non è attivo',
    );
    await expect(page.getByText(/not configured|Google sign-in/i)).toHaveCount(0);
    const me = await page.request.get(`${shop.urls.storefront}/api/users/me`);
    expect(await me.json()).toBeNull();
  });
});

test('the callback page without code or error says so', async ({ page }) => {
  await page.goto('/auth/callback');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'No OAuth code or error found in URL parameters.',
  );
});

test('a buyer who signs in with the purchase e-mail finds the order and its downloads on /account', async ({
  page,
  request,
  isMobile,
}) => {
  const email = `account.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-case-studies', quantity: 1 },
  ]);
  await payCheckout(request, sessionId, email);

  await signInByCode(page, email);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your purchases' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'eBook ABA Case Studies' })).toBeVisible();
  const pdf = page.getByRole('link', { name: 'Download ABA Case Studies eBook (PDF)' });
  await expect(pdf).toBeVisible();
  const download = await request.get((await pdf.getAttribute('href')) as string);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
