/**
 * What a buyer's checkout gets when Stripe fails: a 503 with Retry-After while Stripe cannot be
 * reached or is failing, and a 500 that says nothing of Stripe's answer when Stripe refuses the
 * shop itself (a wrong key, an unknown price). Stripe's 4xx is never passed on as the buyer's.
 */
import { createTestApp, requestCheckout, type TestApp } from '../test-support/app.ts';
import { startFakeStripe } from '@aba-shop/test-kit/fake-stripe';
import { STRIPE_CALL_TIMEOUT_MS } from '../modules/checkout/providers.ts';

async function checkoutWith(stripeUrl: string) {
  const t: TestApp = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_shop_key_that_must_not_leak',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_stripe_errors',
    STRIPE_API_URL: stripeUrl,
  });
  try {
    return await requestCheckout(t.app);
  } finally {
    await t.close();
  }
}

/** Asks for a checkout while Stripe answers every request with this error. */
async function checkoutWhileStripeAnswers(status: number, type: string, message: string) {
  const stripe = await startFakeStripe();
  stripe.failWith(status, { type, message });
  try {
    const response = await checkoutWith(stripe.url);
    return { response, stripeRequests: stripe.requests.length };
  } finally {
    await stripe.close();
  }
}

const PAYMENTS_UNAVAILABLE = 'Payments are temporarily unavailable. Please try again in a moment.';

/** How long the storefront waits for the commerce service's answer (docs/reliability.md). */
const FRONT_WAITS_MS = 30_000;

describe('checkout when Stripe fails', () => {
  it(
    'asks Stripe again while calls go unanswered, and answers the buyer before the front gives up',
    async () => {
      const stripe = await startFakeStripe();
      // The first two calls to create the session reach Stripe and are never answered.
      const held = [1, 2].map(() => stripe.hold('POST', '/v1/checkout/sessions'));
      try {
        const started = performance.now();
        const response = await checkoutWith(stripe.url);
        const waited = performance.now() - started;
        await Promise.all(held.map((call) => call.arrived));
        expect(response.statusCode).toBe(200);
        const calls = stripe.requests.filter((call) => call.path === '/v1/checkout/sessions');
        expect(calls).toHaveLength(3);
        // The same call each time, which Stripe answers with the one session.
        expect(new Set(calls.map((call) => call.idempotencyKey)).size).toBe(1);
        expect(waited).toBeGreaterThanOrEqual(2 * STRIPE_CALL_TIMEOUT_MS);
        expect(waited).toBeLessThan(FRONT_WAITS_MS);
      } finally {
        await stripe.close();
      }
    },
    FRONT_WAITS_MS + 5_000,
  );

  it('answers 503 with Retry-After when Stripe cannot be reached', async () => {
    // A Stripe that has gone: nothing listens on its port any more.
    const gone = await startFakeStripe();
    await gone.close();
    const response = await checkoutWith(gone.url);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: PAYMENTS_UNAVAILABLE });
  });

  it.each([
    [500, 'api_error', 'An unknown error occurred'],
    [429, 'rate_limit_error', 'Too many requests hit the API too quickly.'],
  ])('answers 503 with Retry-After when Stripe answers %i', async (status, type, message) => {
    const { response, stripeRequests } = await checkoutWhileStripeAnswers(status, type, message);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: PAYMENTS_UNAVAILABLE });
    expect(stripeRequests).toBeGreaterThan(0);
  });

  it.each([
    [401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****leak'],
    [400, 'invalid_request_error', "No such price: 'price_missing'"],
  ])(
    'answers 500 without Stripe words when Stripe refuses the shop (%i)',
    async (status, type, message) => {
      const { response } = await checkoutWhileStripeAnswers(status, type, message);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
      expect(response.body).not.toMatch(/sk_test|price_|Stripe|API Key/);
    },
  );
});
