import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it.each([
    [2799, '$27.99'],
    [1999, '$19.99'],
    [4299, '$42.99'],
    [100, '$1.00'],
    [0, '$0.00'],
    [123456, '$1,234.56'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(formatPrice(cents)).toBe(shown);
  });

  it('accepts the currency in lower case, as the catalogue stores it', () => {
    expect(formatPrice(2799, 'usd')).toBe('$27.99');
  });
});
