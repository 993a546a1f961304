/** The benches' purchase: the parents' eBook through the local test checkout. */

/** Buys it for this address at a shop (the storefront's or the commerce service's address). */
export async function buyParentsBook(baseUrl, email) {
  const created = await fetch(`${baseUrl}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      products: [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    }),
  });
  if (!created.ok) throw new Error(`create-checkout-session answered ${created.status}`);
  const sessionId = new URL((await created.json()).checkoutUrl).pathname.split('/').pop();
  const paid = await fetch(`${baseUrl}/api/checkout/local/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${encodeURIComponent(email)}&terms=accepted`,
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`pay answered ${paid.status}`);
  return sessionId;
}
