// First: Stripe.js must be on the window before @stripe/stripe-js looks for it.
import { stripeJs } from '@/test-support/stripe-js';
import { render, screen, within } from '@testing-library/react';
import { PAYMENT_FORM_UNAVAILABLE } from '@/lib/checkout/embedded-checkout-failure';
import { EmbeddedCheckout, MISSING_SESSION_MESSAGE } from './embedded-checkout';

let search = new URLSearchParams('sessionId=cs_test_1');
jest.mock('next/navigation', () => ({ useSearchParams: () => search }));

/** The commerce service's answer to every call (jsdom has no Response, so a plain object). */
function answerFetch(status: number, body: unknown) {
  global.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    json: async () => body,
  })) as unknown as typeof fetch;
}

const OPEN_SESSION = { clientSecret: 'cs_test_1_secret_abc', publishableKey: 'pk_test_shop' };

beforeEach(() => {
  stripeJs.reset();
  search = new URLSearchParams('sessionId=cs_test_1');
});

it("mounts Stripe's form with the session's client secret into the labelled region", async () => {
  answerFetch(200, OPEN_SESSION);
  render(<EmbeddedCheckout />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the secure payment form...');
  const region = screen.getByRole('region', { name: 'Payment form' });
  expect(
    await within(region).findByText("Stripe's payment form for cs_test_1_secret_abc"),
  ).toBeInTheDocument();
  expect(global.fetch).toHaveBeenCalledWith(
    '/api/checkout/embedded-session?sessionId=cs_test_1',
    expect.objectContaining({ cache: 'no-store' }),
  );
  expect(stripeJs.publishableKeys).toEqual(['pk_test_shop']);
  expect(stripeJs.options).toEqual([{ clientSecret: 'cs_test_1_secret_abc' }]);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('destroys the form when the page goes, so another checkout can be mounted', async () => {
  answerFetch(200, OPEN_SESSION);
  const { unmount } = render(<EmbeddedCheckout />);
  await screen.findByText("Stripe's payment form for cs_test_1_secret_abc");
  unmount();
  expect(stripeJs.destroyed).toBe(1);
});

it("shows the service's reason for a paid or expired checkout, with a way back to the shop", async () => {
  answerFetch(409, { message: 'This checkout has expired: start again from your cart' });
  render(<EmbeddedCheckout />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('This checkout has expired: start again from your cart');
  expect(within(alert).getByRole('link', { name: 'Back to Shop' })).toHaveAttribute(
    'href',
    '/shop',
  );
  expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Payment form' })).not.toBeInTheDocument();
  expect(stripeJs.publishableKeys).toEqual([]);
});

it('says the payment form could not load when Stripe.js refuses the checkout', async () => {
  answerFetch(200, OPEN_SESSION);
  stripeJs.refusal = new Error('Invalid client secret');
  render(<EmbeddedCheckout />);
  expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_FORM_UNAVAILABLE);
  expect(stripeJs.mountedInto).toEqual([]);
});

it('says so when the address names no checkout, without asking the service', async () => {
  answerFetch(200, OPEN_SESSION);
  search = new URLSearchParams('');
  render(<EmbeddedCheckout />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(MISSING_SESSION_MESSAGE);
  expect(within(alert).queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  expect(global.fetch).not.toHaveBeenCalled();
});
