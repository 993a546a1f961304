/** @jest-environment node */
import type { CartItem } from '@/lib/cart/cart-item';
import { createCheckoutSession } from '@/lib/commerce/api/checkout';
import type { CommerceError } from '@/lib/commerce/client';
import {
  buyNowDestination,
  cartCheckoutOutcome,
  checkoutErrorPath,
  openCheckoutInNewTab,
} from './start-checkout';

const CHECKOUT_URL = 'http://127.0.0.1:4000/api/checkout/local/cs_local_abcdefghijklmnopqrstuvwxyz';
const LINK = 'https://buy.example.com/parents';

function reply(status: number, body: unknown): Response {
  return new Response(body === undefined ? 'not json' : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const product = (id: string, name: string, kind: string, paymentLinkUrl: string | null) => ({
  id,
  slug: id,
  name,
  description: 'd',
  price: 2799,
  currency: 'usd',
  images: [],
  type: 'digital',
  kind,
  interval: null,
  paymentLinkUrl,
});

const parents: CartItem = {
  id: 'ebook-aba-for-parents',
  name: 'eBook ABA for Parents',
  price: 27.99,
  quantity: 1,
  image: '/p.svg',
};
const cases: CartItem = {
  ...parents,
  id: 'ebook-aba-case-studies',
  name: 'eBook ABA Case Studies',
};

/** A fake commerce API as the browser's fetch: the product list, then the checkout answer. */
function fakeApi(
  checkout: () => Response | Promise<Response>,
  paymentLinkUrl: string | null = null,
) {
  const fetchImpl = jest.fn(async (url: RequestInfo | URL) => {
    if (String(url) === '/api/products') {
      return reply(200, [
        product('ebook-aba-for-parents', 'eBook ABA for Parents', 'foundational', paymentLinkUrl),
        product('aba-parent-support-monthly', 'Membership', 'membership', paymentLinkUrl),
      ]);
    }
    return checkout();
  }) as jest.MockedFunction<typeof fetch>;
  global.fetch = fetchImpl;
  return fetchImpl;
}

/** A checkout session's outcome: its address, or the server's message on a failure. */
const sessionOutcome = (products: { productId: string; quantity: number }[]) =>
  createCheckoutSession(products).then(
    (checkoutUrl) => ({ ok: true, checkoutUrl }),
    (error: CommerceError) => ({ ok: false, message: error.serverMessage }),
  );

describe('createCheckoutSession', () => {
  it('sends the product ids and quantities with the success and cancel routes', async () => {
    const fetchImpl = fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }));
    const result = await sessionOutcome([{ productId: 'a', quantity: 2 }]);
    expect(result).toEqual({ ok: true, checkoutUrl: CHECKOUT_URL });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/create-checkout-session');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      products: [{ productId: 'a', quantity: 2 }],
      successRouter: '/checkout/success',
      cancelRouter: '/checkout/cancel',
    });
  });

  it.each([
    ['a 400 with a message', reply(400, { message: 'Unknown product: a' }), 'Unknown product: a'],
    ['a 500 without a body', reply(500, undefined), null],
    ['a 429 with a blank message', reply(429, { message: '  ' }), null],
    ['a 200 without checkoutUrl', reply(200, {}), null],
    ['a 200 whose checkoutUrl is not a URL', reply(200, { checkoutUrl: 'nope' }), null],
    [
      'a 200 whose checkoutUrl is a script address',
      reply(200, { checkoutUrl: 'javascript:alert(1)' }),
      null,
    ],
  ])('fails on %s', async (_name, response, message) => {
    fakeApi(() => response);
    const result = await sessionOutcome([{ productId: 'a', quantity: 1 }]);
    expect(result).toEqual({ ok: false, message });
  });
});

describe('cartCheckoutOutcome', () => {
  it('alerts "Your cart is empty!" for an empty cart without calling the server', async () => {
    const fetchImpl = fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }));
    expect(await cartCheckoutOutcome([])).toEqual({
      kind: 'alert',
      message: 'Your cart is empty!',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('opens the hosted payment link for one copy of one known eBook that has one', async () => {
    const fetchImpl = fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }), LINK);
    expect(await cartCheckoutOutcome([parents])).toEqual({ kind: 'open', url: LINK });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['two copies', [{ ...parents, quantity: 2 }]],
    ['two lines', [parents, cases]],
    ['a product that is not one of the eBooks', [{ ...parents, id: 'aba-parent-support-monthly' }]],
    ['a product the catalogue does not list', [{ ...parents, id: 'something-else' }]],
  ])('uses a checkout session for %s even when a payment link exists', async (_name, lines) => {
    fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }), LINK);
    expect(await cartCheckoutOutcome(lines)).toEqual({
      kind: 'open',
      url: CHECKOUT_URL,
    });
  });

  it('ignores a payment link that is not an http(s) address and uses a checkout session', async () => {
    fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }), 'javascript:alert(1)');
    await expect(cartCheckoutOutcome([parents])).resolves.toEqual({
      kind: 'open',
      url: CHECKOUT_URL,
    });
  });

  it('uses a checkout session when the product has no payment link', async () => {
    fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }));
    expect(await cartCheckoutOutcome([parents])).toEqual({
      kind: 'open',
      url: CHECKOUT_URL,
    });
  });

  it('alerts "Failed to proceed to checkout. Please try again." when the server refuses', async () => {
    fakeApi(() => reply(400, { message: 'Nope' }));
    expect(await cartCheckoutOutcome([parents, cases])).toEqual({
      kind: 'alert',
      message: 'Failed to proceed to checkout. Please try again.',
    });
  });

  it('alerts "An error occurred while processing your request. Please try again." on a network error', async () => {
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await cartCheckoutOutcome([parents, cases])).toEqual({
      kind: 'alert',
      message: 'An error occurred while processing your request. Please try again.',
    });
  });
});

describe('buyNowDestination', () => {
  const item = { id: 'ebook-aba-for-parents', paymentLinkUrl: null };

  it('goes to the hosted payment link without a checkout session when there is one', async () => {
    const fetchImpl = fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }));
    expect(await buyNowDestination({ ...item, paymentLinkUrl: LINK })).toBe(LINK);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('starts a checkout for one copy and goes to it', async () => {
    const fetchImpl = fakeApi(() => reply(200, { checkoutUrl: CHECKOUT_URL }));
    expect(await buyNowDestination(item)).toBe(CHECKOUT_URL);
    expect(JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body)).products).toEqual([
      { productId: 'ebook-aba-for-parents', quantity: 1 },
    ]);
  });

  it.each([
    ['the server message', reply(400, { message: 'Nope' }), '/checkout/error?message=Nope'],
    [
      "'Failed to create checkout session' when the server gives none",
      reply(502, undefined),
      '/checkout/error?message=Failed+to+create+checkout+session',
    ],
  ])('goes to the error page with %s', async (_name, response, path) => {
    fakeApi(() => response);
    expect(await buyNowDestination(item)).toBe(path);
  });

  it('goes to the error page with the exception message on a network error', async () => {
    fakeApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const path = await buyNowDestination(item);
    expect(new URL(path, 'http://shop').searchParams.get('message')).toBe(
      'An error occurred while processing your request',
    );
  });
});

describe('checkoutErrorPath', () => {
  it('carries the message in the query parameter "message", encoded', () => {
    const path = checkoutErrorPath('Bad & wrong?');
    expect(new URL(path, 'http://shop').pathname).toBe('/checkout/error');
    expect(new URL(path, 'http://shop').searchParams.get('message')).toBe('Bad & wrong?');
  });
});

describe('openCheckoutInNewTab', () => {
  it('opens a new tab and cuts its link back to the shop', () => {
    const tab = { opener: {} as unknown };
    const target = { open: jest.fn(() => tab), location: { assign: jest.fn() } };
    openCheckoutInNewTab(CHECKOUT_URL, target as unknown as Window);
    expect(target.open).toHaveBeenCalledWith(CHECKOUT_URL, '_blank');
    expect(tab.opener).toBeNull();
    expect(target.location.assign).not.toHaveBeenCalled();
  });

  it('goes there in this tab when a popup blocker refuses the new tab', () => {
    const target = { open: jest.fn(() => null), location: { assign: jest.fn() } };
    openCheckoutInNewTab(CHECKOUT_URL, target as unknown as Window);
    expect(target.location.assign).toHaveBeenCalledWith(CHECKOUT_URL);
  });
});
