/** Buying through the storefront's origin with the commerce service's local test checkout. */
import type { APIRequestContext, Page } from '@playwright/test';
import { waitForLibraryLink } from './mailbox.js';

/** Starts a checkout; returns the test checkout page's address and the session id. */
export async function startCheckout(
  request: APIRequestContext,
  products: { productId: string; quantity: number }[],
) {
  const created = await request.post('/api/create-checkout-session', {
    data: { products, successRouter: '/checkout/success', cancelRouter: '/checkout/cancel' },
  });
  if (created.status() !== 200)
    throw new Error(`create-checkout-session answered ${created.status()}`);
  const { checkoutUrl } = (await created.json()) as { checkoutUrl: string };
  return { checkoutUrl, sessionId: new URL(checkoutUrl).pathname.split('/').pop() as string };
}

/** Pays a test checkout as the Pay button does, for this e-mail address. */
export async function payCheckout(request: APIRequestContext, sessionId: string, email: string) {
  const paid = await request.post(`/api/checkout/local/${sessionId}/pay`, {
    form: { email, terms: 'accepted' },
    maxRedirects: 0,
  });
  if (paid.status() !== 303) throw new Error(`Pay answered ${paid.status()}`);
}

/** Buys these products for this address; answers the session and the receipt's library link. */
export async function buyForLibrary(
  request: APIRequestContext,
  products: { productId: string; quantity: number }[],
  email: string,
) {
  const { sessionId } = await startCheckout(request, products);
  await payCheckout(request, sessionId, email);
  return { sessionId, link: await waitForLibraryLink(email) };
}

/**
 * Pays on the test checkout's page as a buyer does: the e-mail, the consent to the terms and to
 * immediate delivery, then Pay.
 */
export async function payOnTestCheckoutPage(page: Page, email: string) {
  await page.getByLabel('E-mail for your receipt and downloads').fill(email);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Pay' }).click();
}
