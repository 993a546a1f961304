/**
 * What a buyer's checkout gets when Stripe fails: a 503 with Retry-After while Stripe cannot be
 * reached or is failing, and a 500 that says nothing of Stripe's answer when Stripe refuses the
 * shop itself (a wrong key, an unknown price). Stripe's 4xx is never passed on as the buyer's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, requestCheckout, type TestApp } from '../test-support/app.ts';

/** A stand-in Stripe API that answers every request with the given status and error. */
function failingStripe(
  status: number,
  error: { type: string; message: string },
): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error }));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests: () => requests,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A port nothing listens on: Stripe cannot be reached. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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

const PAYMENTS_UNAVAILABLE = 'Payments are temporarily unavailable. Please try again in a moment.';

describe('checkout when Stripe fails', () => {
  it('answers 503 with Retry-After when Stripe cannot be reached', async () => {
    const response = await checkoutWith(`http://127.0.0.1:${await closedPort()}`);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: PAYMENTS_UNAVAILABLE });
  });

  it.each([
    [500, 'api_error', 'An unknown error occurred'],
    [429, 'rate_limit_error', 'Too many requests hit the API too quickly.'],
  ])('answers 503 with Retry-After when Stripe answers %i', async (status, type, message) => {
    const stripe = await failingStripe(status, { type, message });
    try {
      const response = await checkoutWith(stripe.url);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: PAYMENTS_UNAVAILABLE });
      expect(stripe.requests()).toBeGreaterThan(0);
    } finally {
      await stripe.close();
    }
  });

  it.each([
    [401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****leak'],
    [400, 'invalid_request_error', "No such price: 'price_missing'"],
  ])(
    'answers 500 without Stripe words when Stripe refuses the shop (%i)',
    async (status, type, message) => {
      const stripe = await failingStripe(status, { type, message });
      try {
        const response = await checkoutWith(stripe.url);
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ message: 'Internal server error' });
        expect(response.body).not.toMatch(/sk_test|price_|Stripe|API Key/);
      } finally {
        await stripe.close();
      }
    },
  );
});
