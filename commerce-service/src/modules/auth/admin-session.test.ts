import {
  buyLocally,
  cookieHeader,
  createTestApp,
  latestSignInCode,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';
import {
  ADMIN_FRESH_SIGN_IN_MINUTES,
  ADMIN_SESSION_HOURS,
  adminSessionIsCurrent,
  adminSignInIsFresh,
  SIGN_IN_AGAIN,
} from './admin-session.ts';

const MINUTE = 60_000;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);

describe('the rules of an administrator’s sign-in', () => {
  it.each([
    [0, true, true],
    [ADMIN_FRESH_SIGN_IN_MINUTES - 1, true, true],
    [ADMIN_FRESH_SIGN_IN_MINUTES + 1, true, false],
    [ADMIN_SESSION_HOURS * 60 - 1, true, false],
    [ADMIN_SESSION_HOURS * 60 + 1, false, false],
  ])(
    'signed in %p minutes ago: still signed in %p, fresh enough to take away %p',
    (ago, current, fresh) => {
      expect(adminSessionIsCurrent(at(ago))).toBe(current);
      expect(adminSignInIsFresh(at(ago))).toBe(fresh);
    },
  );
});

describe('administrator sessions on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Over https, as in production: the cookies carry the __Host- prefix.
    t = await createTestApp({
      ADMIN_EMAILS: 'boss@example.com',
      STOREFRONT_URL: 'https://shop.example',
    });
  });
  afterAll(() => t.close());

  /** Moves every session of this address's user back in time, as if the minutes had passed. */
  async function signedInMinutesAgo(email: string, minutes: number) {
    const user = await t.app.db
      .selectFrom('user' as never)
      .select('id' as never)
      .where('email' as never, '=', email as never)
      .executeTakeFirstOrThrow();
    const then = new Date(Date.now() - minutes * MINUTE);
    await t.app.db
      .updateTable('session' as never)
      .set({ createdAt: t.database.kind === 'postgres' ? then : then.toISOString() } as never)
      .where('userId' as never, '=', (user as { id: string }).id as never)
      .execute();
  }

  /** Signs in again at once: the minute between two codes for one address is not the point here. */
  async function signIn(email: string): Promise<string> {
    await t.app.db.deleteFrom('sign_in_code_requests').where('email', '=', email).execute();
    return signInByCode(t, email);
  }

  const post = (url: string, cookie: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie } });

  async function orderOf(email: string): Promise<string> {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      email,
    );
    const cookie = await signIn('boss@example.com');
    const page = await t.app.inject({
      url: `/api/admin/orders?q=${sessionId}`,
      headers: { cookie },
    });
    return (page.json() as { items: { orderId: string }[] }).items[0]?.orderId ?? '';
  }

  it('names the session cookie __Host-, Secure, for the whole site and no other host', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { email: 'buyer@example.com' },
      remoteAddress: '10.7.0.1',
    });
    // The cookie that binds the code to this browser is named and kept the same way.
    const browser = String(sent.headers['set-cookie']);
    expect(browser).toMatch(
      /^__Host-shop\.sign_in=[^;]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-otp',
      payload: { email: 'buyer@example.com', otp: await latestSignInCode(t, 'buyer@example.com') },
      remoteAddress: '10.7.0.1',
      headers: { cookie: cookieHeader(sent.headers['set-cookie']) },
    });
    const setCookies = ([] as string[]).concat(verified.headers['set-cookie'] ?? []);
    const session = setCookies.find((cookie) => cookie.startsWith('__Host-shop.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/; Domain=/i);
    expect(setCookies.filter((cookie) => !cookie.startsWith('__Host-'))).toEqual([]);
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { cookie: cookieHeader(verified.headers['set-cookie']) },
    });
    expect(me.json()).toMatchObject({ email: 'buyer@example.com', isAdmin: false });
  });

  it('revokes and restores on a fresh sign-in, and asks for a new one once it is older', async () => {
    const orderId = await orderOf('helped@example.com');
    const cookie = await signIn('boss@example.com');
    expect((await post(`/api/admin/orders/${orderId}/revoke`, cookie)).statusCode).toBe(200);

    await signedInMinutesAgo('boss@example.com', ADMIN_FRESH_SIGN_IN_MINUTES + 1);
    const restore = await post(`/api/admin/orders/${orderId}/restore`, cookie);
    expect(restore.statusCode).toBe(401);
    expect(restore.json()).toEqual({ error: SIGN_IN_AGAIN.it, signInAgain: true });
    // Nothing changed, and reading is still allowed on the same session.
    const detail = await t.app.inject({ url: `/api/admin/orders/${orderId}`, headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ access: 'revoked' });

    const again = await signIn('boss@example.com');
    expect((await post(`/api/admin/orders/${orderId}/restore`, again)).statusCode).toBe(200);
  });

  it('asks for a fresh sign-in before a subscription record is deleted', async () => {
    const sessionId = await buyLocally(
      t.app,
      [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
      'member@example.com',
    );
    const record = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      payload: { sessionId },
    });
    const { id } = record.json() as { id: string };
    const cookie = await signIn('boss@example.com');
    await signedInMinutesAgo('boss@example.com', ADMIN_FRESH_SIGN_IN_MINUTES + 1);
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscription-records/${id}`,
      headers: { cookie },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ signInAgain: true });

    const fresh = await signIn('boss@example.com');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscription-records/${id}`,
      headers: { cookie: fresh },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('asks for a fresh sign-in before a buyer’s data is erased', async () => {
    const buyer = await signIn('erase.later@example.com');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/me/erasure-request',
      payload: { confirm: true },
      headers: { cookie: buyer },
    });
    expect(asked.statusCode).toBe(202);
    const { id } = (asked.json() as { request: { id: string } }).request;
    const cookie = await signIn('boss@example.com');
    await signedInMinutesAgo('boss@example.com', ADMIN_FRESH_SIGN_IN_MINUTES + 1);
    const stale = await post(`/api/admin/data-requests/${id}/process`, cookie);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ signInAgain: true });

    const processed = await post(
      `/api/admin/data-requests/${id}/process`,
      await signIn('boss@example.com'),
    );
    expect(processed.statusCode).toBe(200);
  });

  it(`ends an administrator’s session ${ADMIN_SESSION_HOURS} hours after the sign-in, not a buyer’s`, async () => {
    const admin = await signIn('boss@example.com');
    const buyer = await signIn('loyal@example.com');
    await signedInMinutesAgo('boss@example.com', ADMIN_SESSION_HOURS * 60 + 1);
    await signedInMinutesAgo('loyal@example.com', ADMIN_SESSION_HOURS * 60 + 1);

    expect(
      (await t.app.inject({ url: '/api/users/me', headers: { cookie: admin } })).json(),
    ).toBeNull();
    const listing = await t.app.inject({ url: '/api/admin/orders', headers: { cookie: admin } });
    expect(listing.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/users/me', headers: { cookie: buyer } })).json(),
    ).toMatchObject({ email: 'loyal@example.com' });
  });
});
