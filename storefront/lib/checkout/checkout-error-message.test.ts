/** @jest-environment node */
import { checkoutErrorMessage, UNKNOWN_CHECKOUT_ERROR } from './checkout-error-message';

describe('checkoutErrorMessage', () => {
  it.each([
    ['Nope', 'Nope'],
    ['  Failed to create checkout session ', 'Failed to create checkout session'],
    [['first', 'second'], 'first'],
    ['', UNKNOWN_CHECKOUT_ERROR],
    ['   ', UNKNOWN_CHECKOUT_ERROR],
    [undefined, UNKNOWN_CHECKOUT_ERROR],
    ['<script>x</script>', '<script>x</script>'],
  ])('shows %j as %j', (raw, shown) => {
    expect(checkoutErrorMessage(raw)).toBe(shown);
  });

  it('cuts a very long message', () => {
    expect(checkoutErrorMessage('x'.repeat(1000))).toBe(`${'x'.repeat(300)}…`);
  });
});
