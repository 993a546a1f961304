/**
 * The admin area's calls to the subscription records and orders APIs (lib/commerce/api/) and
 * what the pages make of their failures (./record-failure.ts, ./order-failure.ts).
 */
import {
  fetchAdminOrder,
  fetchAdminOrderPage,
  resendOrderLinks,
  restoreOrderAccess,
  revokeOrderAccess,
} from '@/lib/commerce/api/admin-orders';
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  fetchSubscriptionRecordPage,
  updateSubscriptionRecord,
} from '@/lib/commerce/api/subscription-records';
import { CommerceError } from '@/lib/commerce/client';
import { orderFailureMessage } from './order-failure';
import { recordFailureMessage } from './record-failure';

const RECORD = {
  id: 3,
  user_id: 'u1',
  email: 'member@example.com',
  session_id: 'cs_1',
  created_at: '2026-01-02T03:04:05.000Z',
  status: 'active',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
const INPUT = { user_id: 'u1', email: 'member@example.com', session_id: 'cs_1' };

const answer = (status: number, body: unknown) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;
const unreadable = (status: number) =>
  ({
    ok: false,
    status,
    json: async () => Promise.reject(new SyntaxError('not JSON')),
  }) as unknown as Response;

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock;
});

/** A call as the admin page meets it: its answer, or the page's message with the status. */
const asSeen =
  <T>(message: (error: unknown) => string, call: () => Promise<T>) =>
  () =>
    call().catch((error: unknown) => {
      throw Object.assign(new Error(message(error)), {
        status: error instanceof CommerceError ? error.status : undefined,
        cause: error,
      });
    });

const calls = [
  [
    'list',
    asSeen(
      (error) => recordFailureMessage(error, 'list'),
      () => fetchSubscriptionRecordPage({ q: '' }),
    ),
    'Errore nel recupero dei subscription records',
  ],
  [
    'create',
    asSeen(
      (error) => recordFailureMessage(error, 'create'),
      () => createSubscriptionRecord(INPUT),
    ),
    'Errore nella creazione del subscription record',
  ],
  [
    'update',
    asSeen(
      (error) => recordFailureMessage(error, 'update'),
      () => updateSubscriptionRecord(3, INPUT),
    ),
    "Errore nell'aggiornamento del subscription record",
  ],
  [
    'delete',
    asSeen(
      (error) => recordFailureMessage(error, 'remove'),
      () => deleteSubscriptionRecord(3),
    ),
    'Errore nella cancellazione del subscription record',
  ],
  [
    'orders list',
    asSeen(
      (error) => orderFailureMessage(error, 'list'),
      () => fetchAdminOrderPage({ q: '' }),
    ),
    'Errore nel recupero degli ordini',
  ],
  [
    'order',
    asSeen(
      (error) => orderFailureMessage(error, 'detail'),
      () => fetchAdminOrder('ord_1'),
    ),
    "Errore nel recupero dell'ordine",
  ],
  [
    'resend',
    asSeen(
      (error) => orderFailureMessage(error, 'resend'),
      () => resendOrderLinks('ord_1'),
    ),
    'Errore nel reinvio dei link di download',
  ],
  [
    'revoke',
    asSeen(
      (error) => orderFailureMessage(error, 'revoke'),
      () => revokeOrderAccess('ord_1'),
    ),
    "Errore nella revoca dell'accesso",
  ],
  [
    'restore',
    asSeen(
      (error) => orderFailureMessage(error, 'restore'),
      () => restoreOrderAccess('ord_1'),
    ),
    "Errore nel ripristino dell'accesso",
  ],
] as const;

describe('the admin clients', () => {
  it('sends each subscription records call to its path and method on the same origin', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, { items: [RECORD], nextCursor: null }))
      .mockResolvedValueOnce(answer(201, RECORD))
      .mockResolvedValueOnce(answer(200, RECORD))
      .mockResolvedValueOnce(answer(200, RECORD));
    await expect(fetchSubscriptionRecordPage({ q: '' })).resolves.toEqual({
      items: [RECORD],
      nextCursor: null,
    });
    await expect(createSubscriptionRecord(INPUT)).resolves.toEqual(RECORD);
    await expect(updateSubscriptionRecord(3, INPUT)).resolves.toEqual(RECORD);
    await expect(deleteSubscriptionRecord(3)).resolves.toEqual(RECORD);
    expect(
      fetchMock.mock.calls.map(([path, init]: [string, RequestInit]) => [
        init.method,
        path,
        init.body ? JSON.parse(String(init.body)) : undefined,
        init.credentials,
      ]),
    ).toEqual([
      ['GET', '/api/subscription-records?limit=25', undefined, 'same-origin'],
      ['POST', '/api/subscription-records', INPUT, 'same-origin'],
      ['PUT', '/api/subscription-records/3', INPUT, 'same-origin'],
      ['DELETE', '/api/subscription-records/3', undefined, 'same-origin'],
    ]);
  });

  it('sends each order call to its path and method, and a page with its search and cursor', async () => {
    const order = {
      orderId: 'ord_1',
      orderNumber: 'ABA-K3QX-9PD2',
      createdAt: '2026-01-02T03:04:05.000Z',
      email: 'buyer@example.com',
      status: 'paid',
      access: 'active',
      amountSubtotal: 2799,
      amountDiscount: 0,
      amountTax: 0,
      amountTotal: 2799,
      currency: 'usd',
      termsAcceptedAt: null,
      amountRefunded: 0,
      taxRefunded: 0,
      lines: [],
      files: [],
      disputeStatus: null,
    };
    const detail = { ...order, refunds: [], dispute: null, audit: [] };
    fetchMock
      .mockResolvedValueOnce(answer(200, { items: [order], nextCursor: 'c2' }))
      .mockResolvedValueOnce(answer(200, { items: [], nextCursor: null }))
      .mockResolvedValueOnce(answer(200, detail))
      .mockResolvedValueOnce(answer(202, { message: 'Link inviati a buyer@example.com' }))
      .mockResolvedValueOnce(answer(200, { ...detail, access: 'revoked' }))
      .mockResolvedValueOnce(answer(200, detail));
    await expect(fetchAdminOrderPage({ q: '' })).resolves.toEqual({
      items: [order],
      nextCursor: 'c2',
    });
    await fetchAdminOrderPage({ q: '  Buyer+1@Example.com ', cursor: 'c2' });
    await expect(fetchAdminOrder('ord_1')).resolves.toEqual(detail);
    await expect(resendOrderLinks('ord_1')).resolves.toBe('Link inviati a buyer@example.com');
    await expect(revokeOrderAccess('ord_1')).resolves.toMatchObject({ access: 'revoked' });
    await expect(restoreOrderAccess('ord_1')).resolves.toMatchObject({ access: 'active' });
    expect(
      fetchMock.mock.calls.map(([path, init]: [string, RequestInit]) => [init.method, path]),
    ).toEqual([
      ['GET', '/api/admin/orders?limit=25'],
      ['GET', '/api/admin/orders?limit=25&q=Buyer%2B1%40Example.com&cursor=c2'],
      ['GET', '/api/admin/orders/ord_1'],
      ['POST', '/api/admin/orders/ord_1/resend'],
      ['POST', '/api/admin/orders/ord_1/revoke'],
      ['POST', '/api/admin/orders/ord_1/restore'],
    ]);
  });

  it.each(calls)(
    '%s: a non-OK answer raises the error field of its body, with the status',
    async (_name, call) => {
      fetchMock.mockResolvedValue(answer(403, { error: 'Not an administrator' }));
      await expect(call()).rejects.toEqual(
        expect.objectContaining({ message: 'Not an administrator', status: 403 }),
      );
    },
  );

  it.each(calls)(
    '%s: a non-OK answer without an error text raises the fallback',
    async (_name, call, fallback) => {
      fetchMock.mockResolvedValueOnce(answer(500, { message: 'x' }));
      await expect(call()).rejects.toEqual(
        expect.objectContaining({ message: fallback, status: 500 }),
      );
      fetchMock.mockResolvedValueOnce(unreadable(502));
      await expect(call()).rejects.toEqual(
        expect.objectContaining({ message: fallback, status: 502 }),
      );
    },
  );

  // One convention for every commerce call (lib/commerce/client.ts): no answer has the status
  // null, and an answer that cannot be read keeps the status it came with.
  it.each(calls)(
    '%s: a network failure or an unexpected body raises the fallback',
    async (_name, call, fallback) => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      await expect(call()).rejects.toEqual(
        expect.objectContaining({ message: fallback, status: null }),
      );
      fetchMock.mockResolvedValueOnce(answer(200, { unexpected: true }));
      await expect(call()).rejects.toEqual(
        expect.objectContaining({ message: fallback, status: 200 }),
      );
    },
  );
});
