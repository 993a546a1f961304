/** @jest-environment node */
import { CommerceError } from './client';
import { COMMERCE_TIMEOUT_MS, getProducts } from './products';

const product = {
  id: 'ebook-aba-for-parents',
  slug: 'aba-for-parents',
  name: 'eBook ABA for Parents',
  description: 'Strategies for parents',
  price: 2799,
  currency: 'usd',
  images: [],
  type: 'digital',
  kind: 'foundational',
  interval: null,
  paymentLinkUrl: null,
};

describe('getProducts', () => {
  beforeEach(() => {
    process.env.COMMERCE_URL = 'http://127.0.0.1:4000';
  });
  afterEach(() => jest.restoreAllMocks());

  it('gives up on a commerce service that does not answer, instead of holding the page', async () => {
    // The request's time limit, run out at once so that the test need not wait for it.
    const limits: number[] = [];
    jest.spyOn(AbortSignal, 'timeout').mockImplementation((milliseconds) => {
      limits.push(milliseconds);
      return AbortSignal.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    });
    global.fetch = jest.fn(
      (_url: unknown, init?: RequestInit) =>
        // A hanging service: the answer only ever ends through the request's own signal.
        new Promise<Response>((_resolve, reject) => {
          if (init?.signal?.aborted) reject(init.signal.reason);
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    ) as typeof fetch;
    await expect(getProducts()).rejects.toThrow(CommerceError);
    expect(limits).toEqual([COMMERCE_TIMEOUT_MS]);
    expect(COMMERCE_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
  });

  it('says the service answered with an error status', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response('{}', { status: 503 }));
    await expect(getProducts()).rejects.toThrow('The commerce service answered 503');
  });

  it('returns the catalogue it is sent', async () => {
    global.fetch = jest.fn().mockResolvedValue(Response.json([product]));
    await expect(getProducts()).resolves.toEqual([expect.objectContaining({ id: product.id })]);
  });
});
