/** @jest-environment node */
import { orderItemCountText, productDisplayName } from './order-summary';

describe('orderItemCountText', () => {
  it.each([
    [0, 'Your Order (0 items)'],
    [1, 'Your Order (1 item)'],
    [2, 'Your Order (2 items)'],
    [12, 'Your Order (12 items)'],
  ])('writes %i as %j', (count, text) => {
    expect(orderItemCountText(count)).toBe(text);
  });
});

describe('productDisplayName', () => {
  it.each([
    ['eBook ABA for Parents', 0, 'eBook ABA for Parents'],
    ['', 0, 'Product 1'],
    ['   ', 2, 'Product 3'],
    [null, 1, 'Product 2'],
  ])('shows %j at index %i as %j', (name, index, shown) => {
    expect(productDisplayName(name, index)).toBe(shown);
  });
});
