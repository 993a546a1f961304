/**
 * An administrator's sign-in counts for so long, and for so much (docs/product.md#administrator-sessions):
 * an action that takes something away (revoking an order's downloads) needs a sign-in from the
 * last minutes. A console left open, or a session cookie copied from it, cannot revoke: the
 * console says to sign in again, in a banner, and nothing changes.
 */
import path from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import { ADMIN_EMAIL, signInOnce } from '../support/admin-sign-in.js';
import { expectNoSeriousAxeViolations } from '../support/axe.js';
import { openCommerceDatabase } from '../support/commerce-database.js';
import { payCheckout, startCheckout } from '../support/shop.js';

const SIGN_IN_AGAIN = /Per sicurezza, questa operazione richiede un accesso recente/;

/** The session of this browser, by the token its cookie carries (`token.signature`). */
async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find(({ name }) => /shop\.session_token$/.test(name));
  return decodeURIComponent(cookie?.value ?? '').split('.')[0] ?? '';
}

/**
 * Moves the session's sign-in `minutes` into the past (or back, with a negative number):
 * time passing, without the journey waiting for it.
 */
async function moveSignIn(token: string, minutes: number) {
  const db = await openCommerceDatabase(
    { sqliteFile: path.join(process.env.E2E_DATA_DIR ?? '', 'commerce.sqlite') },
    { writable: true },
  );
  try {
    const [row] = await db.query<{ createdAt: string | number }>(
      'select "createdAt" from "session" where "token" = ?',
      token,
    );
    expect(row, 'the session of this browser').toBeDefined();
    const before = row?.createdAt ?? 0;
    const moved = new Date(new Date(before).getTime() - minutes * 60_000);
    await db.run(
      'update "session" set "createdAt" = ? where "token" = ?',
      typeof before === 'number' ? moved.getTime() : moved.toISOString(),
      token,
    );
  } finally {
    await db.close();
  }
}

test('a sign-in from more than fifteen minutes ago cannot revoke: the console asks to sign in again', async ({
  page,
  context,
  request,
  isMobile,
}) => {
  const email = `admin.session.buyer.${isMobile ? 'phone' : 'desktop'}@example.com`;
  const { sessionId } = await startCheckout(request, [
    { productId: 'ebook-aba-for-parents', quantity: 1 },
  ]);
  await payCheckout(request, sessionId, email);
  const { orderId } = (await (
    await request.get(`/api/products/purchase-detail?sessionId=${sessionId}`)
  ).json()) as { orderId: string };

  await signInOnce(page, context, ADMIN_EMAIL);
  const token = await sessionToken(context);
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { name: `Ordine ${orderId}` })).toBeVisible();

  // The console was left open: the sign-in is now sixteen minutes old.
  await moveSignIn(token, 16);
  try {
    const actions = page.getByRole('region', { name: 'Azioni' });
    await actions.getByRole('button', { name: 'Revoca accesso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoca accesso' });
    await dialog.getByRole('button', { name: 'Revoca accesso' }).click();
    await expect(page.getByText(SIGN_IN_AGAIN)).toBeVisible();
    // Still the order's page, signed in, and the order keeps its downloads.
    await expect(page.getByRole('heading', { name: `Ordine ${orderId}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
    await expectNoSeriousAxeViolations(page);
    const detail = await page.request.get(`/api/admin/orders/${orderId}`);
    expect(detail.status()).toBe(200);
    expect(await detail.json()).toMatchObject({ access: 'active' });

    // The API says the same to a copied cookie, in JSON, never a 500.
    const copied = await page.request.post(`/api/admin/orders/${orderId}/revoke`);
    expect(copied.status()).toBe(401);
    expect(await copied.json()).toEqual({
      error: expect.stringMatching(SIGN_IN_AGAIN),
      signInAgain: true,
    });
  } finally {
    // Other journeys reuse this sign-in: it is given back its real age.
    await moveSignIn(token, -16);
  }
});

test('the console runs only the scripts it sent: an injected handler or javascript: link does not run', async ({
  page,
  context,
}) => {
  await signInOnce(page, context, ADMIN_EMAIL);
  const answer = await page.goto('/admin/orders');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  const scripts = policy.split('; ').find((directive) => directive.startsWith('script-src'));
  expect(scripts).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'$/);
  // The console's own scripts run: the orders load.
  await expect(page.getByRole('heading', { name: 'Gestione Ordini' })).toBeVisible();
  await expect(page.getByText('Caricamento ordini...')).toHaveCount(0);

  // What an injection into the page's markup would bring: an event handler, a javascript: link.
  const ran = await page.evaluate(async () => {
    const marks = window as unknown as Record<string, boolean>;
    const holder = document.createElement('div');
    holder.innerHTML =
      '<img src="/no-such-image.png" onerror="window.handlerRan = true">' +
      '<a id="injected-link" href="javascript:window.linkRan = true">x</a>';
    document.body.append(holder);
    document.getElementById('injected-link')?.click();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { handler: marks.handlerRan === true, link: marks.linkRan === true };
  });
  expect(ran).toEqual({ handler: false, link: false });
});
