import { cartBadgeText, cartButtonLabel } from './cart-badge';

describe('cartBadgeText', () => {
  it.each([
    [0, null],
    [1, '1'],
    [2, '2'],
    [99, '99'],
    [100, '99+'],
    [250, '99+'],
  ])('shows %i distinct lines as %p', (count, text) => {
    expect(cartBadgeText(count)).toBe(text);
  });
});

describe('cartButtonLabel', () => {
  it.each([
    [0, 'Cart, empty'],
    [1, 'Cart, 1 item'],
    [2, 'Cart, 2 items'],
    [120, 'Cart, 120 items'],
  ])('names the bag for %i lines as %p', (count, label) => {
    expect(cartButtonLabel(count)).toBe(label);
  });
});
