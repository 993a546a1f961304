/** Buying through the storefront's origin with the commerce service's local test checkout. */
import type { APIRequestContext } from '@playwright/test';

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
    form: { email },
    maxRedirects: 0,
  });
  if (paid.status() !== 303) throw new Error(`Pay answered ${paid.status()}`);
}
