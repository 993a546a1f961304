/** @jest-environment node */
import { answerFetch as answer } from '@/test-support/answer-fetch';
import { fetchSignedInUser as fetchCurrentUser } from './session';

afterEach(() => jest.restoreAllMocks());

describe('fetchCurrentUser', () => {
  it('returns the signed-in user', async () => {
    const user = { id: 'u1', email: 'parent@example.com', name: null, isAdmin: false };
    answer(200, user);
    await expect(fetchCurrentUser()).resolves.toEqual(user);
  });

  it.each([
    ['nobody is signed in (null)', null],
    ['the user has no e-mail', { id: 'u1', email: '', name: null, isAdmin: false }],
    ['the answer is not a user', { id: 1, email: 'x@example.com' }],
  ])('treats the visitor as signed out when %s', async (_case, body) => {
    answer(200, body);
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('logs a failed request and treats the visitor as signed out', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    answer(500, { error: 'boom' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    global.fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
  });
});
