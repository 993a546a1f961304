import { cartItemFromProduct, cartTotalCents, FALLBACK_CART_IMAGE } from './cart-item';

describe('cartItemFromProduct', () => {
  it('takes the price in dollars (cents / 100) and the first image', () => {
    expect(
      cartItemFromProduct({
        id: 'ebook-aba-for-parents',
        name: 'eBook ABA for Parents',
        description: 'Guide',
        price: 2799,
        images: ['/a.svg', '/b.svg'],
      }),
    ).toEqual({
      id: 'ebook-aba-for-parents',
      name: 'eBook ABA for Parents',
      description: 'Guide',
      price: 27.99,
      image: '/a.svg',
    });
  });

  it('uses the fallback image when the product has none', () => {
    expect(cartItemFromProduct({ id: 'x', name: 'X', price: 100, images: [] }).image).toBe(
      FALLBACK_CART_IMAGE,
    );
  });
});

describe('cartTotalCents', () => {
  it.each([
    [[], 0],
    [[{ price: 27.99, quantity: 1 }], 2799],
    [
      [
        { price: 27.99, quantity: 2 },
        { price: 19.99, quantity: 1 },
      ],
      7597,
    ],
    // 0.1 + 0.2 in floating point is 0.30000000000000004; the total must still be 30 cents.
    [
      [
        { price: 0.1, quantity: 1 },
        { price: 0.2, quantity: 1 },
      ],
      30,
    ],
  ])('sums %j to %i cents', (lines, total) => {
    const full = lines.map((line, index) => ({
      ...line,
      id: String(index),
      name: 'n',
      image: '/i',
    }));
    expect(cartTotalCents(full)).toBe(total);
  });
});
