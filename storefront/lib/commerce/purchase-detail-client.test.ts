/** @jest-environment node */
import { fetchPurchaseDetail, PurchaseDetailError } from './purchase-detail-client';

const detail = {
  products: [
    {
      productId: 'ebook-aba-for-parents',
      productName: 'eBook ABA for Parents',
      price: 2799,
      quantity: 1,
      type: 'digital',
      downloadUrl: 'https://shop.test/api/downloads/t1',
      files: [
        {
          kind: 'pdf',
          label: 'ABA for Parents eBook (PDF)',
          url: 'https://shop.test/api/downloads/t1',
        },
      ],
    },
  ],
  customerEmail: 'parent@example.com',
  checkoutSessionId: 'cs_1',
  orderId: 'ord_1',
};

function answer(status: number, body: unknown) {
  global.fetch = jest.fn().mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

describe('fetchPurchaseDetail', () => {
  it('asks for the session, encoded, and returns the checked detail', async () => {
    answer(200, detail);
    await expect(fetchPurchaseDetail('cs 1')).resolves.toEqual(detail);
    expect(global.fetch).toHaveBeenCalledWith(
      '/api/products/purchase-detail?sessionId=cs%201',
      expect.anything(),
    );
  });

  it.each([
    [
      404,
      { message: 'No purchase was found for this session' },
      'Failed to get purchase information: No purchase was found for this session',
    ],
    [500, {}, 'Failed to get purchase information: the server answered 500'],
    [200, { products: 'nope' }, 'Failed to get purchase information: the answer could not be read'],
  ])('on %i %j fails with %j', async (status, body, message) => {
    answer(status, body);
    await expect(fetchPurchaseDetail('cs_1')).rejects.toThrow(
      new PurchaseDetailError(message, status),
    );
  });

  it('fails with the network message when the request does not arrive', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchPurchaseDetail('cs_1')).rejects.toThrow(
      'Network error, please try again later',
    );
  });
});
