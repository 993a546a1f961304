/**
 * The support console (docs/product.md#admin-orders, #support-console): an administrator finds
 * a purchase made through the test checkout by its e-mail, its order number as a buyer says it
 * and its checkout session id,
 * revokes its access (its download link answers 403), restores it, resends its links, and reads
 * all three in the order's audit trail; the records page searches on the server and exports CSV.
 * On desktop (the table) and on the phone (the cards), axe clean.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL, NOT_ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { countMailTo } from '../support/mailbox.js';
import { payOnTestCheckoutPage, startCheckout } from '../support/shop.js';

const ORDERS_PAGE = '/admin/orders';
const RECORDS_PAGE = '/admin/subscriptions';

/** The orders or records shown: table rows on desktop, cards on the phone. */
function shownItems(page: Page, isMobile: boolean, cardsLabel: string): Locator {
  return isMobile
    ? page.getByRole('list', { name: cardsLabel }).locator(':scope > li')
    : page.getByRole('table').getByRole('row');
}

async function searchFor(page: Page, label: string, q: string) {
  const search = page.getByRole('searchbox', { name: label });
  await search.fill(q);
  await search.press('Enter');
}

test('signed out, the orders page leads to the login page and the API answers 401; for anyone but an administrator, 403', async ({
  page,
  context,
}) => {
  await page.goto(ORDERS_PAGE);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(ORDERS_PAGE);
  const signedOut = await page.request.get('/api/admin/orders');
  expect(signedOut.status()).toBe(401);
  expect(await signedOut.json()).toEqual({ error: expect.any(String) });

  await signInOnce(page, context, NOT_ADMIN_EMAIL);
  await page.goto(ORDERS_PAGE);
  await expect(page.getByRole('heading', { name: 'Accesso non autorizzato' })).toBeVisible();
  for (const path of [
    '/api/admin/orders',
    '/api/admin/orders/ord_0',
    '/api/subscription-records/export.csv',
  ]) {
    const refused = await page.request.get(path);
    expect(refused.status(), path).toBe(403);
  }
  expect((await page.request.post('/api/admin/orders/ord_0/revoke')).status()).toBe(403);
});

test('an administrator finds a purchase by e-mail, number and session id, revokes, restores and resends its links, and the audit lists all three', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  test.setTimeout(90_000);
  const email = `console.buyer.${isMobile ? 'phone' : 'desktop'}@example.com`;

  // A buyer pays on the test checkout page.
  const { checkoutUrl, sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-for-parents', quantity: 1 },
  ]);
  await page.goto(checkoutUrl);
  await payOnTestCheckoutPage(page, email);
  await page.waitForURL(/\/checkout\/success\?sessionId=cs_local_/);
  const purchase = (await (
    await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)
  ).json()) as {
    orderId: string;
    orderNumber: string;
    products: { files: { kind: string; url: string }[] }[];
  };
  const pdfLink = new URL(
    purchase.products[0]?.files.find((file) => file.kind === 'pdf')?.url as string,
  ).pathname;
  expect((await request.get(pdfLink)).status()).toBe(200);

  // Support finds it by the buyer's e-mail, written as the buyer might.
  await signInOnce(page, context, ADMIN_EMAIL);
  await page.goto(ORDERS_PAGE);
  await expect(page.getByRole('main')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { name: 'Gestione Ordini' })).toBeVisible();
  await expect(page.getByText('Caricamento ordini...')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Amministrazione' }).getByRole('link', { name: 'Ordini' }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);

  const searchLabel = 'Cerca per email, ID ordine o ID sessione';
  await searchFor(page, searchLabel, email.toUpperCase());
  await expect(page.getByRole('heading', { name: 'Ordini (1)' })).toBeVisible();
  const found = shownItems(page, isMobile, 'Ordini').filter({ hasText: email });
  await expect(found).toBeVisible();
  await expect(found).toContainText('eBook ABA for Parents');
  await expect(found).toContainText('$27.99');
  await expect(found).toContainText('Pagato');
  await expect(found).toContainText('1 download, ultimo');
  await expectNoSeriousAxeViolations(page);

  // By the order number the buyer reads out from the receipt, as they say it.
  const spoken = purchase.orderNumber.toLowerCase().replaceAll('-', ' ');
  await searchFor(page, searchLabel, spoken);
  await expect(page.getByText(`1 ordine trovato per "${spoken}"`)).toBeAttached();
  await expect(found).toBeVisible();
  // And by the checkout session id.
  await searchFor(page, searchLabel, sessionId);
  await expect(page.getByText(`1 ordine trovato per "${sessionId}"`)).toBeAttached();
  await expect(found).toBeVisible();
  await searchFor(page, searchLabel, 'cs_local_nobody');
  await expect(page.getByText('Nessun ordine trovato')).toBeVisible();
  await searchFor(page, searchLabel, sessionId);
  await found.getByRole('link', { name: `Apri l'ordine ${purchase.orderId} di ${email}` }).click();
  await page.waitForURL((url) => url.pathname === `${ORDERS_PAGE}/${purchase.orderId}`);
  await expect(page.getByRole('heading', { name: `Ordine ${purchase.orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dettagli' })).toContainText(
    `Numero d'ordine${purchase.orderNumber}`,
  );
  await expectNoSeriousAxeViolations(page);

  // Revoke, after the confirmation: the link answers 403.
  const actions = page.getByRole('region', { name: 'Azioni' });
  await actions.getByRole('button', { name: 'Revoca accesso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoca accesso' });
  await expect(dialog.getByRole('button', { name: 'Annulla' })).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Revoca accesso' }).click();
  await expect(
    page.getByText("Accesso revocato: i link di download dell'ordine non funzionano più."),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const restoreButton = actions.getByRole('button', { name: 'Ripristina accesso' });
  await expect(restoreButton).toBeFocused();
  await expect(page.getByRole('region', { name: 'Dettagli' })).toContainText('Accesso revocato');
  expect((await request.get(pdfLink)).status()).toBe(403);

  // Resending is refused while the access is revoked, in the service's words.
  await actions.getByRole('button', { name: 'Reinvia i link' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    "L'accesso ai download di questo ordine è revocato: ripristinalo prima di reinviare i link",
  );
  await page.getByRole('button', { name: 'Chiudi il messaggio di errore' }).click();

  // Restore, from the keyboard: the link works again.
  await restoreButton.press('Enter');
  await expect(
    page.getByText("Accesso ripristinato: i link di download dell'ordine funzionano di nuovo."),
  ).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Revoca accesso' })).toBeFocused();
  expect((await request.get(pdfLink)).status()).toBe(200);

  // Resend: the service's message, and a new e-mail to the buyer.
  const mailBefore = countMailTo(email);
  await actions.getByRole('button', { name: 'Reinvia i link' }).click();
  await expect(page.getByText(`I link di download sono stati inviati a ${email}.`)).toBeVisible();
  await expect.poll(() => countMailTo(email)).toBe(mailBefore + 1);

  // The trail: the three actions, newest first, each with the administrator's e-mail.
  const trail = page
    .getByRole('list', { name: "Azioni sull'ordine, dalla più recente" })
    .getByRole('listitem');
  await expect(trail).toHaveCount(3);
  await expect(trail.nth(0)).toContainText('Link di download reinviati');
  await expect(trail.nth(1)).toContainText('Accesso ripristinato');
  await expect(trail.nth(1)).toContainText('accesso: revocato → diventa accesso: attivo');
  await expect(trail.nth(2)).toContainText('Accesso revocato');
  for (const entry of await trail.all()) await expect(entry).toContainText(ADMIN_EMAIL);
  await expectNoSeriousAxeViolations(page);

  const detail = (await (
    await page.request.get(`/api/admin/orders/${purchase.orderId}`)
  ).json()) as { audit: { action: string; actor: string }[] };
  expect(detail.audit.map(({ action, actor }) => [action, actor])).toEqual([
    ['order.resend', ADMIN_EMAIL],
    ['order.restore', ADMIN_EMAIL],
    ['order.revoke', ADMIN_EMAIL],
  ]);
});

test('the records page searches on the server, pages, and exports every record as CSV', async ({
  page,
  context,
  isMobile,
}) => {
  const device = isMobile ? 'phone' : 'desktop';
  const email = `console.member.${device}@example.com`;
  const sessionId = `cs_console_${device}_0123456789`;
  await signInOnce(page, context, ADMIN_EMAIL);
  for (const [userId, address, session] of [
    [`console-user-${device}`, email, sessionId],
    [`console-other-${device}`, `console.other.${device}@example.com`, `${sessionId}_other`],
  ]) {
    const created = await page.request.post('/api/subscription-records', {
      data: { user_id: userId, email: address, session_id: session },
    });
    expect(created.status()).toBe(201);
  }

  // The API: a page with limit, the spec's plain array without any parameter.
  const page1 = await page.request.get('/api/subscription-records?limit=1');
  expect(await page1.json()).toEqual({
    items: [expect.any(Object)],
    nextCursor: expect.any(String),
  });
  expect(Array.isArray(await (await page.request.get('/api/subscription-records')).json())).toBe(
    true,
  );

  await page.goto(RECORDS_PAGE);
  await expect(page.getByText('Caricamento subscription records...')).toHaveCount(0);
  await expect(
    page
      .getByRole('navigation', { name: 'Amministrazione' })
      .getByRole('link', { name: 'Subscription Records' }),
  ).toHaveAttribute('aria-current', 'page');

  const searchLabel = 'Cerca per email, User ID o Session ID';
  await searchFor(page, searchLabel, email.toUpperCase());
  await expect(page.getByRole('heading', { name: 'Subscription Records (1)' })).toBeVisible();
  await expect(
    shownItems(page, isMobile, 'Subscription records').filter({ hasText: email }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await searchFor(page, searchLabel, sessionId);
  await expect(page.getByRole('heading', { name: 'Subscription Records (1)' })).toBeVisible();
  await searchFor(page, searchLabel, 'cs_console_nobody');
  await expect(
    page.getByText('Nessun subscription record corrisponde a "cs_console_nobody".'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mostra tutti' }).click();
  await expect(
    page.getByRole('heading', { name: /^Subscription Records \([1-9]\d*\)$/ }),
  ).toBeVisible();

  // The export comes through the storefront as a download, with its name and every record.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Esporta CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscription-records-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv).toContain('id,user_id,email,session_id,created_at');
  expect(csv).toContain(email);
});
