/**
 * The admin area's calls to the subscription records API (lib/commerce/api.ts) and what the
 * page makes of their failures (./record-failure.ts).
 */
import {
  createSubscriptionRecord,
  deleteSubscriptionRecord,
  fetchSubscriptionRecords,
  updateSubscriptionRecord,
} from '@/lib/commerce/api/subscription-records';
import { CommerceError } from '@/lib/commerce/client';
import { recordFailureMessage, type RecordOperation } from './record-failure';

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
  <T>(operation: RecordOperation, call: () => Promise<T>) =>
  () =>
    call().catch((error: unknown) => {
      throw Object.assign(new Error(recordFailureMessage(error, operation)), {
        status: error instanceof CommerceError ? error.status : undefined,
        cause: error,
      });
    });

const calls = [
  [
    'list',
    asSeen('list', () => fetchSubscriptionRecords()),
    'Errore nel recupero dei subscription records',
  ],
  [
    'create',
    asSeen('create', () => createSubscriptionRecord(INPUT)),
    'Errore nella creazione del subscription record',
  ],
  [
    'update',
    asSeen('update', () => updateSubscriptionRecord(3, INPUT)),
    "Errore nell'aggiornamento del subscription record",
  ],
  [
    'delete',
    asSeen('remove', () => deleteSubscriptionRecord(3)),
    'Errore nella cancellazione del subscription record',
  ],
] as const;

describe('the subscription records client', () => {
  it('sends each call to its path and method on the same origin', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(200, [RECORD]))
      .mockResolvedValueOnce(answer(201, RECORD))
      .mockResolvedValueOnce(answer(200, RECORD))
      .mockResolvedValueOnce(answer(200, RECORD));
    await expect(fetchSubscriptionRecords()).resolves.toEqual([RECORD]);
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
      ['GET', '/api/subscription-records', undefined, 'same-origin'],
      ['POST', '/api/subscription-records', INPUT, 'same-origin'],
      ['PUT', '/api/subscription-records/3', INPUT, 'same-origin'],
      ['DELETE', '/api/subscription-records/3', undefined, 'same-origin'],
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
