/**
 * Tells a Stripe that cannot answer now (an outage: the caller may try again) from a Stripe that
 * refuses what the shop asked. The errors plugin answers the first 503 with Retry-After; the
 * withdrawals' refund waits for its retry (docs/adr/0026-withdrawal-function.md).
 */
import Stripe from 'stripe';

/** Stripe did not answer, answered with its own failure, or asked the shop to slow down. */
export function isStripeUnavailable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 500) >= 500)
  );
}
