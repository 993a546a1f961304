/**
 * Google sign-in end to end against a local OpenID Connect provider (oauth2-mock-server):
 * the popup address, the provider's redirect with code and state, and the session.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { cookieHeader, createTestApp, type TestApp } from '../../test-support/app.ts';

let provider: OAuth2Server;
let t: TestApp;
let nextEmail = 'google.parent@example.com';
let nextVerified = true;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    token.payload.email = nextEmail;
    token.payload.email_verified = nextVerified;
    token.payload.name = 'Google Parent';
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'shop-client-id',
    GOOGLE_CLIENT_SECRET: 'shop-client-secret',
    GOOGLE_DISCOVERY_URL: `${provider.issuer.url}/.well-known/openid-configuration`,
  });
});

afterAll(async () => {
  await t.close();
  await provider.stop();
});

/** What the popup does: open Google's page, which (consenting) redirects to /auth/callback. */
async function consentAtProvider(redirectUrl: string) {
  const response = await fetch(redirectUrl, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') as string);
  return {
    callback: location,
    code: location.searchParams.get('code') as string,
    state: location.searchParams.get('state') as string,
  };
}

async function startGoogleSignIn() {
  const response = await t.app.inject({
    url: '/api/oauth/google/redirect_url?originUrl=http%3A%2F%2F127.0.0.1%3A3000',
  });
  expect(response.statusCode).toBe(200);
  return {
    redirectUrl: (response.json() as { redirectUrl: string }).redirectUrl,
    cookie: cookieHeader(response.headers['set-cookie']),
  };
}

describe('Google sign-in', () => {
  it('uses the authorization code flow with state and PKCE, back to the storefront’s /auth/callback', async () => {
    const { redirectUrl } = await startGoogleSignIn();
    const url = new URL(redirectUrl);
    expect(url.origin).toBe(new URL(provider.issuer.url as string).origin);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('shop-client-id');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:3000/auth/callback');
    expect(url.searchParams.get('state')).toMatch(/.{16,}/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('email');
  });

  it('signs the user in when the popup hands over the code and state', async () => {
    nextEmail = 'google.parent@example.com';
    const { redirectUrl, cookie } = await startGoogleSignIn();
    const { callback, code, state } = await consentAtProvider(redirectUrl);
    expect(callback.pathname).toBe('/auth/callback');
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie },
      payload: { code, state },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ success: true });
    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { cookie: cookieHeader(session.headers['set-cookie']) },
    });
    expect(me.json()).toMatchObject({
      email: 'google.parent@example.com',
      name: 'Google Parent',
      isAdmin: false,
    });
  });

  it('refuses an address Google has not verified, and signs nobody in', async () => {
    nextEmail = 'unverified@example.com';
    nextVerified = false;
    try {
      const { redirectUrl, cookie } = await startGoogleSignIn();
      const { code, state } = await consentAtProvider(redirectUrl);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/sessions',
        headers: { cookie },
        payload: { code, state },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error:
          'Errore durante il login con Google: Google non ha verificato l’indirizzo e-mail di questo account',
      });
      expect(String(refused.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]+/);
      const users = await t.app.db
        .selectFrom('user' as never)
        .select('email' as never)
        .where('email' as never, '=', 'unverified@example.com' as never)
        .execute();
      expect(users).toEqual([]);
    } finally {
      nextVerified = true;
    }
  });

  it('refuses a code handed over with another state (a forged callback)', async () => {
    const { redirectUrl, cookie } = await startGoogleSignIn();
    const { code } = await consentAtProvider(redirectUrl);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      headers: { cookie },
      payload: { code, state: 'made-up-state-value-1234567890' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Errore durante il login con Google' });
  });

  it('refuses a code without the browser that started the sign-in', async () => {
    const { redirectUrl } = await startGoogleSignIn();
    const { code, state } = await consentAtProvider(redirectUrl);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/sessions',
      payload: { code, state },
    });
    expect(stolen.statusCode).toBe(400);
  });

  it('refuses an originUrl that is not the shop', async () => {
    const response = await t.app.inject({
      url: '/api/oauth/google/redirect_url?originUrl=https%3A%2F%2Fevil.example',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Errore durante il login con Google: indirizzo di origine non valido',
    });
  });
});
