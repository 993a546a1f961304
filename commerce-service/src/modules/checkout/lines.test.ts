import type { CatalogueProduct } from '../catalogue/service.ts';
import { InvalidInputError as CheckoutInputError } from '../../domain-errors.ts';
import { priceCheckoutLines } from './lines.ts';

const product = (
  id: string,
  price: number,
  type: 'digital' | 'subscription' = 'digital',
): CatalogueProduct => ({
  id,
  slug: id,
  name: `Name of ${id}`,
  description: '',
  price,
  currency: 'usd',
  images: [],
  type,
  kind: null,
  interval: type === 'subscription' ? 'month' : null,
  paymentLinkUrl: null,
  fileKeys: [],
});

const catalogue = new Map([
  ['parents', product('parents', 2799)],
  ['cases', product('cases', 1999)],
  ['monthly', product('monthly', 999, 'subscription')],
]);

describe('priceCheckoutLines', () => {
  it('prices lines from the catalogue and totals them', () => {
    const priced = priceCheckoutLines(
      [
        { productId: 'parents', quantity: 2 },
        { productId: 'cases', quantity: 1 },
      ],
      catalogue,
    );
    expect(priced.amountTotal).toBe(2 * 2799 + 1999);
    expect(priced.mode).toBe('payment');
    expect(priced.lines.map((line) => line.unitAmount)).toEqual([2799, 1999]);
  });

  it('merges repeated lines of one product', () => {
    const priced = priceCheckoutLines(
      [
        { productId: 'parents', quantity: 1 },
        { productId: 'parents', quantity: 2 },
      ],
      catalogue,
    );
    expect(priced.lines).toEqual([expect.objectContaining({ productId: 'parents', quantity: 3 })]);
  });

  it('uses subscription mode when a subscription is in the cart', () => {
    expect(priceCheckoutLines([{ productId: 'monthly', quantity: 1 }], catalogue).mode).toBe(
      'subscription',
    );
  });

  it.each([
    [[{ productId: 'nope', quantity: 1 }], 'Unknown product: nope'],
    [
      [
        { productId: 'parents', quantity: 6 },
        { productId: 'parents', quantity: 5 },
      ],
      'At most 10 of Name of parents can be bought at once',
    ],
  ])('refuses %j', (requested, message) => {
    expect(() => priceCheckoutLines(requested, catalogue)).toThrow(new CheckoutInputError(message));
  });
});
