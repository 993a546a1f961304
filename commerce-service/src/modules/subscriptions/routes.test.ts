import { buyLocally, createTestApp, signInByCode, type TestApp } from '../../test-support/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('subscription records', () => {
  it('are created by fulfilment when a subscription is bought', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
      'member@example.com',
    );
    const records = await t.app.db
      .selectFrom('subscription_records')
      .selectAll()
      .where('session_id', '=', sessionId)
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      email: 'member@example.com',
      user_id: 'member@example.com',
    });
  });

  it('are confirmed idempotently from the success page with the session id', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
      'again@example.com',
    );
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId },
    });
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ email: 'again@example.com', session_id: sessionId });
  });

  it('are only read by the success page: a record support deleted is not made again', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
      'deleted.record@example.com',
    );
    await t.app.db.deleteFrom('subscription_records').where('session_id', '=', sessionId).execute();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId },
    });
    expect(confirmed.statusCode).toBe(404);
    expect(confirmed.json()).toEqual({ error: 'This purchase has no subscription record' });
    const left = await t.app.db
      .selectFrom('subscription_records')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(left).toEqual([]);
  });

  it('are not created from a browser for a session that is unpaid or holds no subscription', async () => {
    const ebook = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'reader@example.com',
    );
    const noSubscription = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId: ebook },
    });
    expect(noSubscription.statusCode).toBe(409);
    expect(noSubscription.json()).toEqual({
      error: 'This purchase does not include a subscription',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId: 'cs_local_madeupmadeupmadeupmadeup' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'No purchase was found for this session' });
  });

  it.each([
    ['GET', '/api/subscription-records', undefined],
    [
      'POST',
      '/api/subscription-records',
      { user_id: 'u1', email: 'x@example.com', session_id: 's1' },
    ],
    [
      'PUT',
      '/api/subscription-records/1',
      { user_id: 'u1', email: 'x@example.com', session_id: 's1' },
    ],
    ['DELETE', '/api/subscription-records/1', undefined],
  ] as const)(
    'answer %s %s with 401 to someone who is not signed in',
    async (method, url, payload) => {
      const response = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Accedi con un account amministratore per continuare.',
      });
    },
  );

  it('say what is wrong with a record in an { error } body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/subscription-records/1',
      payload: { user_id: '', email: 'x@example.com', session_id: 's' },
    });
    // The admin check comes first: nobody learns about validation without signing in.
    expect(response.statusCode).toBe(401);
  });

  // Found by the fuzz suite (src/api-*.fuzz.test.ts, test-support/fuzz/api-suite.ts): on PostgreSQL these answered 500.
  let adminCookie: Promise<string> | undefined;
  it.each(['PUT', 'DELETE'] as const)(
    'answer %s of an id past 32 bits (no record has one) with 400',
    async (method) => {
      // One sign-in for both: a second code for the address within a minute is refused.
      adminCookie ??= signInByCode(t, 'admin@example.com');
      const cookie = await adminCookie;
      const response = await t.app.inject({
        method,
        url: '/api/subscription-records/2147483648',
        headers: { cookie },
        ...(method === 'PUT'
          ? { payload: { user_id: 'u1', email: 'x@example.com', session_id: 's-big' } }
          : {}),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'Dati non validi (id): non è l’id di un record',
        issues: [{ path: 'id', message: 'non è l’id di un record' }],
      });
    },
  );

  it('refuse to confirm from something that is not a checkout session id', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId: 'cs_local_\ud800/../x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Dati non validi \(sessionId\): /);
  });
});
