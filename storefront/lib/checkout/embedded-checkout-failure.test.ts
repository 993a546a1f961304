import { CommerceError } from '@/lib/commerce/client';
import {
  embeddedCheckoutFailure,
  PAY_PAGE_NOT_FOUND,
  PAY_PAGE_UNREACHABLE,
  PAYMENT_FORM_UNAVAILABLE,
} from './embedded-checkout-failure';

describe('embeddedCheckoutFailure', () => {
  it("gives the service's reason for a refusal, or says the checkout was not found", () => {
    expect(
      embeddedCheckoutFailure(new CommerceError('refused', 409, 'This checkout is already paid')),
    ).toBe('This checkout is already paid');
    expect(embeddedCheckoutFailure(new CommerceError('refused', 404, null))).toBe(
      PAY_PAGE_NOT_FOUND,
    );
  });

  it('says the shop could not be reached when the service did not answer or failed', () => {
    expect(embeddedCheckoutFailure(new CommerceError('no-answer', null, null))).toBe(
      PAY_PAGE_UNREACHABLE,
    );
    expect(embeddedCheckoutFailure(new CommerceError('failed', 503, 'Try again'))).toBe(
      PAY_PAGE_UNREACHABLE,
    );
  });

  it('says the payment form could not load when Stripe.js fails', () => {
    expect(embeddedCheckoutFailure(new Error('Failed to load Stripe.js'))).toBe(
      PAYMENT_FORM_UNAVAILABLE,
    );
  });
});
