/** A paid checkout's detail as the commerce service sends it, for the pages' and client's tests. */
export const purchasedFile = {
  kind: 'pdf',
  label: 'ABA for Parents eBook (PDF)',
  url: 'https://shop.test/api/downloads/t1',
};

/** One bought eBook, with its PDF link; `overrides` change any field. */
export const purchasedProduct = (overrides: Record<string, unknown> = {}) => ({
  productId: 'ebook-aba-for-parents',
  productName: 'eBook ABA for Parents',
  price: 2799,
  quantity: 1,
  type: 'digital',
  downloadUrl: 'https://shop.test/api/downloads/t1',
  files: [purchasedFile],
  ...overrides,
});

/** What a $27.99 order charged, with no discount or tax, and its accepted terms. */
export const purchaseCharges = {
  amountSubtotal: 2799,
  amountDiscount: 0,
  amountTax: 0,
  amountTotal: 2799,
  currency: 'usd',
  termsAcceptedAt: '2026-11-23T10:00:00.000Z',
};
