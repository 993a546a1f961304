/**
 * Signing people in, on top of Better Auth: an e-mailed code, at most once a minute and five
 * times an hour for one address, or Google. The messages are the Italian login page's own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  InvalidInputError,
  LimitReachedError,
  NotSignedInError,
  UnavailableError,
  type DomainError,
} from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import type { ShopAuth } from './better-auth.ts';
import { listSignInCodeRequests, recordSignInCodeRequest } from './repository.ts';
import type { CurrentUser } from '@aba-shop/contract';

export interface AuthDependencies {
  db: Kysely<Database>;
  config: Config;
  /** Better Auth, as the auth plugin set it up. */
  auth: ShopAuth;
}

/**
 * A new code for one address at most once a minute, whoever asks (an inbox gets at most one a
 * minute), and five times an hour for each client: a stranger who asks five times for an
 * administrator's address spends their own budget, not the administrator's
 * (docs/product.md#sign-in-codes).
 */
const RESEND_SECONDS = 60;
const CODES_PER_HOUR_PER_CLIENT = 5;

const GOOGLE_SIGN_IN_FAILED = 'Errore durante il login con Google';
const GOOGLE_NOT_ACTIVE = `${GOOGLE_SIGN_IN_FAILED}: l’accesso con Google non è attivo`;

/** Better Auth's refusals of a code, in the login page's words. */
const CODE_REFUSALS = new Map<string, () => DomainError>([
  ['INVALID_OTP', () => new NotSignedInError('Codice OTP non valido')],
  ['OTP_EXPIRED', () => new NotSignedInError('Il codice OTP è scaduto: richiedine uno nuovo')],
  ['TOO_MANY_ATTEMPTS', () => new LimitReachedError('Troppi tentativi: richiedi un nuovo codice')],
]);

function betterAuthCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } } | undefined)?.body?.code;
}

/**
 * E-mails a sign-in code, unless the address was sent one less than a minute ago or this client
 * asked for it too often.
 */
export async function sendSignInCode(
  { db, auth }: AuthDependencies,
  address: string,
  client: string,
) {
  const email = address.toLowerCase();
  const now = Date.now();
  const recent = await listSignInCodeRequests(db, email, new Date(now - 3600_000).toISOString());
  const last = recent[0] ? Date.parse(recent[0].requested_at) : 0;
  if (now - last < RESEND_SECONDS * 1000) {
    throw new LimitReachedError(
      'Hai appena ricevuto un codice: usa quello, oppure attendi un minuto prima di richiederne un altro',
    );
  }
  if (recent.filter((request) => request.client === client).length >= CODES_PER_HOUR_PER_CLIENT) {
    throw new LimitReachedError(
      "Troppe richieste di codice per questo indirizzo: riprova tra un'ora",
    );
  }
  await recordSignInCodeRequest(db, { email, client, requestedAt: new Date(now).toISOString() });
  await auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' } });
}

/** Signs in with an e-mailed code; `cookies` carries the new session's cookie. */
export async function signInWithCode(
  { config, auth }: AuthDependencies,
  entered: { email: string; otp: string },
  headers: Headers,
): Promise<{ user: CurrentUser; cookies: Headers }> {
  const email = entered.email.toLowerCase();
  try {
    const { headers: cookies, response } = await auth.api.signInEmailOTP({
      body: { email, otp: entered.otp },
      headers,
      returnHeaders: true,
    });
    return {
      user: {
        id: response.user.id,
        email,
        name: response.user.name || null,
        isAdmin: config.ADMIN_EMAILS.includes(email),
      },
      cookies,
    };
  } catch (error) {
    const refusal = CODE_REFUSALS.get(betterAuthCode(error) ?? '');
    if (refusal) throw refusal();
    throw error;
  }
}

/** Ends the session of a signed-in user; the cookies that clear it, or null for a visitor. */
export async function signOut(
  { auth }: AuthDependencies,
  user: CurrentUser | null,
  headers: Headers,
): Promise<Headers | null> {
  if (!user) return null;
  const { headers: cookies } = await auth.api.signOut({ headers, returnHeaders: true });
  return cookies;
}

/** Google's sign-in address for the popup; `cookies` keep the state and PKCE verifier. */
export async function googleSignInUrl(
  { config, auth }: AuthDependencies,
  originUrl: string,
  headers: Headers,
): Promise<{ redirectUrl: string; cookies: Headers }> {
  if (!config.GOOGLE_CLIENT_ID) throw new UnavailableError(GOOGLE_NOT_ACTIVE);
  if (new URL(originUrl).origin !== new URL(config.STOREFRONT_URL).origin) {
    throw new InvalidInputError(`${GOOGLE_SIGN_IN_FAILED}: indirizzo di origine non valido`);
  }
  const { headers: cookies, response } = await auth.api.signInSocial({
    body: { provider: 'google', callbackURL: '/', disableRedirect: true },
    headers,
    returnHeaders: true,
  });
  if (!response.url) throw new Error('Better Auth returned no Google address');
  return { redirectUrl: response.url, cookies };
}

/**
 * Completes Google sign-in with the popup's code and state: Better Auth checks the state
 * against the cookie it set, then exchanges the code. Returns the session's cookies.
 */
export async function completeGoogleSignIn(
  { config, auth }: AuthDependencies,
  popup: { code: string; state: string },
  headers: Headers,
  log: FastifyBaseLogger,
): Promise<Headers> {
  if (!config.GOOGLE_CLIENT_ID) throw new UnavailableError(GOOGLE_NOT_ACTIVE);
  const callback = new URL('/api/auth/callback/google', new URL(config.STOREFRONT_URL).origin);
  callback.searchParams.set('code', popup.code);
  callback.searchParams.set('state', popup.state);
  const response = await auth.handler(new Request(callback, { headers }));
  const location = response.headers.get('location') ?? '';
  const signedIn = response.headers
    .getSetCookie()
    .some((cookie) => /session_token=[^;]+/.test(cookie));
  if (!signedIn || /[?&]error=/.test(location)) {
    log.warn(
      { status: response.status, location: location.replace(/code=[^&]+/, 'code=…') },
      'Google sign-in failed',
    );
    throw new InvalidInputError(GOOGLE_SIGN_IN_FAILED);
  }
  return response.headers;
}

// What a buyer's data request reads and erases of the account (docs/product.md#your-data).
export {
  deleteAccount,
  deleteSignInRecordsBefore,
  deleteSignInRecordsOf,
  findUser,
  isoOfAuthTime,
  listSessionsOfUser,
  listSignInCodeRequestsOf,
  listSignInProviders,
} from './repository.ts';
