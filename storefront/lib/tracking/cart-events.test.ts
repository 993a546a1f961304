import { addToCartData, initiateCheckoutData } from './cart-events';

describe('initiateCheckoutData', () => {
  it('lists ids and names, sums the value in dollars and counts every copy', () => {
    expect(
      initiateCheckoutData([
        { id: 'ebook-aba-for-parents', name: 'eBook ABA for Parents', price: 27.99, quantity: 2 },
        { id: 'ebook-aba-case-studies', name: 'eBook ABA Case Studies', price: 19.99, quantity: 1 },
      ]),
    ).toEqual({
      content_ids: ['ebook-aba-for-parents', 'ebook-aba-case-studies'],
      content_name: ['eBook ABA for Parents', 'eBook ABA Case Studies'],
      content_type: 'product',
      value: 75.97,
      currency: 'USD',
      num_items: 3,
    });
  });

  it('sends a value of 0 and no items for an empty list', () => {
    expect(initiateCheckoutData([])).toMatchObject({ value: 0, num_items: 0, content_ids: [] });
  });
});

describe('addToCartData', () => {
  it.each([
    ['usd', 'USD'],
    ['eur', 'EUR'],
    [undefined, 'USD'],
    [null, 'USD'],
    ['', 'USD'],
  ])('sends currency %p as %p', (currency, expected) => {
    expect(
      addToCartData({ id: 'ebook-aba-complete-pack', name: 'Pack', price: 42.99, currency }),
    ).toEqual({
      content_name: 'Pack',
      content_ids: ['ebook-aba-complete-pack'],
      content_type: 'product',
      value: 42.99,
      currency: expected,
    });
  });
});
