/** @jest-environment node */
import { answerFetch as answer } from '@/test-support/answer-fetch';
import { purchaseDetailSchema } from '@aba-shop/contract';
import { fetchPurchaseDetail } from '@/lib/commerce/api/purchase';
import { matches, type JsonSchema } from '@/lib/commerce/json-schema-answer';
import * as ANSWER_SCHEMAS from '@/lib/commerce/contract-schemas';
import type { CommerceError } from '@/lib/commerce/client';
import { purchaseCharges, purchasedFile, purchasedProduct } from '@/test-support/purchase-detail';
import { purchaseFailureMessage } from './purchase-failure';

/** The browser's check of the answer (lib/commerce/json-schema-answer.ts). */
const isPurchaseDetail = (value: unknown) =>
  matches(value, ANSWER_SCHEMAS.purchaseDetail as JsonSchema);

/** What the success page says when the detail cannot be had, with the answer's status. */
const failureOf = (sessionId: string) =>
  fetchPurchaseDetail(sessionId).then(
    () => null,
    (error: CommerceError) => ({ message: purchaseFailureMessage(error), status: error.status }),
  );

const file = purchasedFile;
const product = purchasedProduct();

const detail = {
  products: [product],
  customerEmail: 'parent@example.com',
  checkoutSessionId: 'cs_1',
  orderId: 'ord_1',
  orderNumber: 'ABA-K3QX-9PD2',
  ...purchaseCharges,
};

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
    await expect(failureOf('cs_1')).resolves.toEqual({ message, status });
  });

  it('fails with the network message when the request does not arrive', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(failureOf('cs_1')).resolves.toEqual({
      message: 'Network error, please try again later',
      status: null,
    });
  });
});

describe('isPurchaseDetail', () => {
  const broken: [string, unknown][] = [
    ['no products', { ...detail, products: undefined }],
    ['a product without a name', { ...detail, products: [{ ...product, productName: 1 }] }],
    ['a fractional price', { ...detail, products: [{ ...product, price: 27.99 }] }],
    ['a quantity as text', { ...detail, products: [{ ...product, quantity: '1' }] }],
    ['an unknown product type', { ...detail, products: [{ ...product, type: 'physical' }] }],
    ['a download link that is no URL', { ...detail, products: [{ ...product, downloadUrl: 'x' }] }],
    [
      'an unknown file kind',
      { ...detail, products: [{ ...product, files: [{ ...file, kind: 'zip' }] }] },
    ],
    [
      'a file without a link',
      { ...detail, products: [{ ...product, files: [{ ...file, url: null }] }] },
    ],
    ['files as an object', { ...detail, products: [{ ...product, files: file }] }],
    ['no order id', { ...detail, orderId: undefined }],
    ['no customer e-mail', { ...detail, customerEmail: null }],
    ['null', null],
    ['an array', [detail]],
  ];

  it.each([
    ['a single eBook', detail],
    ['no products', { ...detail, products: [] }],
    [
      'a product without files',
      { ...detail, products: [{ ...product, downloadUrl: null, files: [] }] },
    ],
    ['a subscription', { ...detail, products: [{ ...product, type: 'subscription' }] }],
  ])('accepts %s, as the contract does', (_, answer) => {
    expect(purchaseDetailSchema.safeParse(answer).success).toBe(true);
    expect(isPurchaseDetail(answer)).toBe(true);
  });

  it.each(broken)('refuses %s, as the contract does', (_, answer) => {
    expect(purchaseDetailSchema.safeParse(answer).success).toBe(false);
    expect(isPurchaseDetail(answer)).toBe(false);
  });

  it('refuses a download link that would run script, which the contract alone would let through', () => {
    const answer = { ...detail, products: [{ ...product, downloadUrl: 'javascript:alert(1)' }] };
    expect(purchaseDetailSchema.safeParse(answer).success).toBe(true);
    expect(isPurchaseDetail(answer)).toBe(false);
  });
});
