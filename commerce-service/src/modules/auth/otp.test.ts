import {
  buyLocally,
  cookieHeader,
  createTestApp,
  latestSignInCode,
  signInByCode,
  type TestApp,
} from '../../test-support/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com' });
});
afterAll(() => t.close());

// Each call comes from its own client address, so the per-client limits stay out of the way.
let client = 0;
const remoteAddress = () => `10.0.${Math.floor(++client / 250)}.${client % 250}`;
// The browser that last asked for each address's code: its cookie binds the code.
const browsers = new Map<string, string>();
const keepBrowser = (email: string, response: Awaited<ReturnType<typeof t.app.inject>>) => {
  if (response.statusCode === 200)
    browsers.set(email.toLowerCase(), cookieHeader(response.headers['set-cookie']));
  return response;
};
const sendOtp = async (email: string) =>
  keepBrowser(
    email,
    await t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { email },
      remoteAddress: remoteAddress(),
    }),
  );
const verifyOtp = (email: string, otp: string, browser = browsers.get(email.toLowerCase())) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify-otp',
    payload: { email, otp },
    remoteAddress: remoteAddress(),
    headers: browser ? { cookie: browser } : {},
  });
const me = (cookie?: string) =>
  t.app.inject({ url: '/api/users/me', headers: cookie ? { cookie } : {} });

const sendOtpFrom = async (email: string, remoteAddress: string) =>
  keepBrowser(
    email,
    await t.app.inject({ method: 'POST', url: '/api/send-otp', payload: { email }, remoteAddress }),
  );

/** Moves the address's requests a minute into the past, as if the minute between had passed. */
async function aMinuteLater(email: string) {
  const requests = await t.app.db
    .selectFrom('sign_in_code_requests')
    .select(['id', 'requested_at'])
    .where('email', '=', email)
    .execute();
  for (const { id, requested_at: requestedAt } of requests)
    await t.app.db
      .updateTable('sign_in_code_requests')
      .set({ requested_at: new Date(Date.parse(requestedAt) - 61_000).toISOString() })
      .where('id', '=', id)
      .execute();
}

/** Lets the next code be requested at once, as if the minute between resends had passed. */
async function forgetRecentRequests(email: string) {
  await t.app.db.deleteFrom('sign_in_code_requests').where('email', '=', email).execute();
}

describe('sign-in by e-mail code', () => {
  it('signs in with the right code, sets an httpOnly session cookie, and /api/users/me knows the user', async () => {
    expect((await sendOtp('Parent@Example.com')).json()).toEqual({ success: true });
    const otp = await latestSignInCode(t, 'parent@example.com');
    expect(otp).toMatch(/^\d{6}$/);
    const verified = await verifyOtp('parent@example.com', otp);
    expect(verified.statusCode).toBe(200);
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieHeader(verified.headers['set-cookie']);
    const user = await me(cookie);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'parent@example.com', isAdmin: false });
  });

  it('answers the same for an address it has never seen', async () => {
    const fresh = await sendOtp('first.time@example.com');
    const known = await sendOtp('parent@example.com');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe(known.statusCode === 200 ? known.body : fresh.body);
  });

  it('refuses a wrong code', async () => {
    await forgetRecentRequests('wrong@example.com');
    await sendOtp('wrong@example.com');
    const otp = await latestSignInCode(t, 'wrong@example.com');
    const wrong = otp === '000000' ? '111111' : '000000';
    const response = await verifyOtp('wrong@example.com', wrong);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Codice OTP non valido' });
  });

  it('refuses a code used once already', async () => {
    await sendOtp('reuse@example.com');
    const otp = await latestSignInCode(t, 'reuse@example.com');
    expect((await verifyOtp('reuse@example.com', otp)).statusCode).toBe(200);
    const again = await verifyOtp('reuse@example.com', otp);
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired code', async () => {
    await sendOtp('late@example.com');
    const otp = await latestSignInCode(t, 'late@example.com');
    await t.app.db
      .updateTable('sign_in_code_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', 'late@example.com')
      .execute();
    const response = await verifyOtp('late@example.com', otp);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(/scaduto|non valido/);
  });

  it('refuses even the right code after five wrong tries', async () => {
    await sendOtp('guesser@example.com');
    const otp = await latestSignInCode(t, 'guesser@example.com');
    const wrong = otp === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await verifyOtp('guesser@example.com', wrong)).statusCode).toBe(401);
    }
    const sixth = await verifyOtp('guesser@example.com', otp);
    expect(sixth.statusCode).toBeGreaterThanOrEqual(401);
    expect(sixth.statusCode).not.toBe(200);
  });

  it('sends a new code to one address at most once a minute, whoever asks, and five times an hour to one client', async () => {
    expect((await sendOtp('busy@example.com')).statusCode).toBe(200);
    const soon = await sendOtp('busy@example.com');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatch(/usa quello, oppure attendi un minuto/);
    await forgetRecentRequests('busy@example.com');
    const oneClient = '192.0.2.55';
    for (let sent = 0; sent < 5; sent += 1) {
      await aMinuteLater('busy@example.com');
      expect((await sendOtpFrom('busy@example.com', oneClient)).statusCode).toBe(200);
    }
    await aMinuteLater('busy@example.com');
    const sixth = await sendOtpFrom('busy@example.com', oneClient);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/riprova tra un'ora/);
  });

  it('leaves an administrator a code after a stranger spent five on their address', async () => {
    for (let sent = 0; sent < 5; sent += 1) {
      await aMinuteLater('boss@example.com');
      expect((await sendOtpFrom('Boss@Example.com', '203.0.113.99')).statusCode).toBe(200);
    }
    await aMinuteLater('boss@example.com');
    expect((await sendOtpFrom('boss@example.com', '203.0.113.99')).statusCode).toBe(429);
    // The administrator, from their own client, is sent a code and signs in with it.
    expect((await sendOtpFrom('boss@example.com', '198.51.100.99')).statusCode).toBe(200);
    const otp = await latestSignInCode(t, 'boss@example.com');
    const verified = await verifyOtp('boss@example.com', otp);
    expect(verified.statusCode).toBe(200);
    expect((await me(cookieHeader(verified.headers['set-cookie']))).json()).toMatchObject({
      email: 'boss@example.com',
      isAdmin: true,
    });
    await forgetRecentRequests('boss@example.com');
  });

  it('refuses malformed input with the page’s own words', async () => {
    const badEmail = await sendOtp('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/Inserisci un indirizzo email valido/);
    const badCode = await verifyOtp('parent@example.com', '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toMatch(/6 cifre/);
  });

  it('ends the session on logout', async () => {
    const cookie = await signInByCode(t, 'leaving@example.com');
    expect((await me(cookie)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.json()).toEqual({ success: true });
    expect((await me(cookie)).json()).toBeNull();
  });

  it('ends no session on a GET: a link cannot sign anyone out', async () => {
    const cookie = await signInByCode(t, 'staying@example.com');
    const followed = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(followed.statusCode).toBe(404);
    expect((await me(cookie)).json()).toMatchObject({ email: 'staying@example.com' });
  });
});

describe('codes nobody else can guess or spend (docs/product.md#sign-in-codes)', () => {
  const stranger = '203.0.113.77';
  const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000');
  const wrongCodesOf = async (email: string) =>
    (
      await t.app.db
        .selectFrom('sign_in_code_requests')
        .select('failed_attempts')
        .where('email', '=', email)
        .execute()
    ).reduce((sum, row) => sum + row.failed_attempts, 0);

  it('takes a code only in the browser that asked for it: a stranger’s guesses do not spend it', async () => {
    const email = 'owner.code@example.com';
    await sendOtp(email);
    const otp = await latestSignInCode(t, email);
    const owner = browsers.get(email);
    for (let guess = 0; guess < 6; guess += 1) {
      const refused = await verifyOtp(email, wrongFor(otp), '');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        error:
          'Questo codice non è stato richiesto da questo browser: richiedi un nuovo codice qui',
      });
    }
    // The stranger asks for a code of their own (e-mailed to the owner) and guesses it.
    await aMinuteLater(email);
    const theirs = await sendOtpFrom(email, stranger);
    const strangerBrowser = cookieHeader(theirs.headers['set-cookie']);
    for (let guess = 0; guess < 5; guess += 1)
      expect((await verifyOtp(email, wrongFor(otp), strangerBrowser)).statusCode).toBe(401);
    expect((await verifyOtp(email, otp, strangerBrowser)).statusCode).toBe(429);
    // The owner's code still signs the owner in, in the owner's browser.
    const verified = await verifyOtp(email, otp, owner);
    expect(verified.statusCode).toBe(200);
    expect(await wrongCodesOf(email)).toBe(5);
  });

  it('pauses codes for an address after ten wrong ones in a day, and mails its owner a sign-in link', async () => {
    const email = 'paused.owner@example.com';
    await sendOtp(email);
    const otp = await latestSignInCode(t, email);
    const owner = browsers.get(email);
    for (const from of ['203.0.113.78', '203.0.113.79']) {
      await aMinuteLater(email);
      const theirs = cookieHeader((await sendOtpFrom(email, from)).headers['set-cookie']);
      const mailedToOwner = await latestSignInCode(t, email);
      for (let guess = 0; guess < 5; guess += 1)
        expect((await verifyOtp(email, wrongFor(mailedToOwner), theirs)).statusCode).toBe(401);
    }
    // Even the right code, in the owner's browser, waits for the pause to end.
    const paused = await verifyOtp(email, otp, owner);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error).toMatch(/ti abbiamo inviato per e-mail un link per accedere/);
    await t.app.mailWorker.runOnce();
    const links = t.mail.filter(
      (mail) => mail.to === email && mail.subject === 'Il tuo link di accesso ad ABA Parent Guides',
    );
    expect(links).toHaveLength(1);
    expect(links[0]?.text).toContain('sono stati inseriti 10 codici di accesso sbagliati');
    const token = /\/login\/link#([\w-]+)/.exec(links[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();

    // Asked again meanwhile, the address is sent a link, never a code.
    await aMinuteLater(email);
    const mailed = t.mail.length;
    expect((await sendOtpFrom(email, '198.51.100.78')).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.mail.slice(mailed).map((mail) => mail.subject)).toEqual([
      'Il tuo link di accesso ad ABA Parent Guides',
    ]);

    const signIn = () =>
      t.app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { token } });
    const signedIn = await signIn();
    expect(signedIn.statusCode).toBe(200);
    expect((await me(cookieHeader(signedIn.headers['set-cookie']))).json()).toMatchObject({
      email,
    });
    const again = await signIn();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      error: 'Questo link di accesso non è valido o è già stato usato: richiedi un nuovo codice',
    });
  });

  it('checks and records two requests for one address at once one after the other', async () => {
    const email = 'both.at.once@example.com';
    const answers = await Promise.all([
      sendOtpFrom(email, '198.51.100.81'),
      sendOtpFrom(email, '198.51.100.82'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
  });

  it('counts an IPv6 client by its /64', async () => {
    const email = 'ipv6.owner@example.com';
    for (let sent = 1; sent <= 5; sent += 1) {
      await aMinuteLater(email);
      expect((await sendOtpFrom(email, `2001:db8:7:7::${sent}`)).statusCode).toBe(200);
    }
    await aMinuteLater(email);
    const sixth = await sendOtpFrom(email, '2001:db8:7:7:ffff::1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/riprova tra un'ora/);
    await aMinuteLater(email);
    expect((await sendOtpFrom(email, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});

describe('the per-client limit on code requests, behind the storefront', () => {
  // Sends the codes these floods queued, so later tests find their own code in the next batch.
  afterAll(async () => {
    let sent: number;
    do sent = await t.app.mailWorker.runOnce();
    while (sent > 0);
  });

  const requestCode = (email: string, remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email },
      remoteAddress,
    });

  it('counts each visitor by the address the storefront forwards, so one cannot lock out another', async () => {
    // The storefront runs on this machine (a trusted proxy) and forwards each visitor's address.
    for (let sent = 0; sent < 10; sent += 1) {
      const response = await requestCode(`flood${sent}@example.com`, '127.0.0.1', '203.0.113.1');
      expect(response.statusCode).toBe(200);
    }
    const eleventh = await requestCode('flood10@example.com', '127.0.0.1', '203.0.113.1');
    expect(eleventh.statusCode).toBe(429);
    // In Italian, like the login page that shows it.
    expect(eleventh.json().error).toBe('Troppe richieste: attendi 10 minuti e riprova.');

    const otherVisitor = await requestCode('other.visitor@example.com', '127.0.0.1', '203.0.113.2');
    expect(otherVisitor.statusCode).toBe(200);
  });

  it('ignores the forwarded address claimed by a client that is not a trusted proxy', async () => {
    for (let sent = 0; sent < 10; sent += 1) {
      const response = await requestCode(
        `spoof${sent}@example.com`,
        '198.51.100.7',
        `192.0.2.${sent}`,
      );
      expect(response.statusCode).toBe(200);
    }
    const eleventh = await requestCode('spoof10@example.com', '198.51.100.7', '192.0.2.200');
    expect(eleventh.statusCode).toBe(429);
  });
});

describe('roles', () => {
  it('marks an ADMIN_EMAILS address as admin, whatever its case', async () => {
    const cookie = await signInByCode(t, 'boss@example.com');
    expect((await me(cookie)).json()).toMatchObject({ email: 'boss@example.com', isAdmin: true });
  });

  it.each([
    ['GET', '/api/subscription-records', undefined],
    [
      'POST',
      '/api/subscription-records',
      { user_id: 'u-role', email: 'x@example.com', session_id: 'role-test-1' },
    ],
    [
      'PUT',
      '/api/subscription-records/999999',
      { user_id: 'u1', email: 'x@example.com', session_id: 'role-test-2' },
    ],
    ['DELETE', '/api/subscription-records/999999', undefined],
  ] as const)(
    '%s %s: anonymous 401, signed-in non-admin 403, admin allowed',
    async (method, url, payload) => {
      const visitor = await signInByCode(t, `visitor-${method.toLowerCase()}@example.com`);
      await t.app.db
        .deleteFrom('sign_in_code_requests')
        .where('email', '=', 'boss@example.com')
        .execute();
      const admin = await signInByCode(t, 'boss@example.com');
      const call = (cookie?: string) =>
        t.app.inject({
          method,
          url,
          ...(payload ? { payload } : {}),
          headers: cookie ? { cookie } : {},
        });
      expect((await call()).statusCode).toBe(401);
      const refused = await call(visitor);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Il tuo account non è un amministratore: non può eseguire questa operazione.',
      });
      const allowed = await call(admin);
      expect([200, 201, 404]).toContain(allowed.statusCode);
    },
  );

  it('lets an admin create, edit and delete a record', async () => {
    await t.app.db
      .deleteFrom('sign_in_code_requests')
      .where('email', '=', 'boss@example.com')
      .execute();
    const cookie = await signInByCode(t, 'boss@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      headers: { cookie },
      payload: { user_id: 'user-42', email: 'member@example.com', session_id: 'cs_manual_42' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/subscription-records',
      headers: { cookie },
      payload: { user_id: 'user-43', email: 'other@example.com', session_id: 'cs_manual_42' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'Esiste già un subscription record con questo session_id',
    });
    const invalid = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription-records/${id}`,
      headers: { cookie },
      payload: { user_id: '', email: 'nope', session_id: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('Dati non validi (user_id): Lo User ID è obbligatorio');
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/subscription-records/${id}`,
      headers: { cookie },
      payload: { user_id: 'user-42', email: 'corrected@example.com', session_id: 'cs_manual_42' },
    });
    expect(updated.json()).toMatchObject({ id, email: 'corrected@example.com' });
    const list = await t.app.inject({ url: '/api/subscription-records', headers: { cookie } });
    expect((list.json() as { id: number }[]).some((record) => record.id === id)).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscription-records/${id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscription-records/${id}`,
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request sent from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the storefront’s own origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      headers: { origin: 'http://127.0.0.1:3000' },
      payload: { email: 'same.site@example.com' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/me/purchases', () => {
  it('shows a buyer who signs in with the purchase e-mail their orders, links and subscription', async () => {
    await buyLocally(
      t.app,
      [{ productId: 'ebook-aba-for-parents', quantity: 1 }],
      'Member.Buyer@example.com',
    );
    await buyLocally(
      t.app,
      [{ productId: 'aba-parent-support-monthly', quantity: 1 }],
      'member.buyer@example.com',
    );
    const cookie = await signInByCode(t, 'member.buyer@example.com');
    const response = await t.app.inject({ url: '/api/me/purchases', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const purchases = response.json();
    expect(purchases.orders).toHaveLength(2);
    expect(purchases.orders.flatMap((order: { files: unknown[] }) => order.files)).toHaveLength(2);
    expect(purchases.subscriptions).toEqual([
      expect.objectContaining({ email: 'member.buyer@example.com' }),
    ]);
    expect((await t.app.inject({ url: '/api/me/purchases' })).statusCode).toBe(401);
  });
});

describe('Google sign-in without configuration', () => {
  it('says in Italian, like the login page, that it is not active', async () => {
    const response = await t.app.inject({
      url: '/api/oauth/google/redirect_url?originUrl=http%3A%2F%2F127.0.0.1%3A3000',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'Errore durante il login con Google: l’accesso con Google non è attivo',
    });
  });
});

describe('the login page’s routes answer in Italian, the service’s own texts included', () => {
  it('gives a validation failure in Italian, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { email: 'not an address' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Dati non validi (email): Inserisci un indirizzo email valido',
    });
  });

  it('refuses a NUL character in Italian', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { email: 'nul\u0000@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Dati non validi: il testo non può contenere il carattere NUL',
    });
  });

  it('gives a malformed body in Italian', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/verify-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Richiesta non valida: ricarica la pagina e riprova.',
    });
  });

  it('keeps English for the English account page', async () => {
    const response = await t.app.inject({ url: '/api/me/purchases' });
    expect(response.json()).toEqual({ error: 'Not signed in' });
  });
});
