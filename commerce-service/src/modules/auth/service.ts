/**
 * Signing people in, on top of Better Auth (docs/product.md#sign-in-codes): an e-mailed code,
 * the shop's own, bound to the browser that asked for it; a sign-in link while codes are paused
 * for an address; or Google. The messages are the Italian login page's own.
 */
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockInTransaction } from '../../db/connect.ts';
import {
  InvalidInputError,
  LimitReachedError,
  NotSignedInError,
  UnavailableError,
} from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import { clientKeyOf } from '../../client-key.ts';
import { enqueueMail, signInCodeMail, signInLinkMail } from '../mail/service.ts';
import { isAPIError } from 'better-auth/api';
import { GOOGLE_EMAIL_NOT_VERIFIED, SIGN_IN_TOKEN_MINUTES, type ShopAuth } from './better-auth.ts';
import {
  countWrongCode,
  countWrongCodesSince,
  findSignInCodeRequest,
  firstWrongCodeSince,
  listSignInCodeRequests,
  recordSignInCodeRequest,
  useSignInCode,
} from './repository.ts';
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
 * administrator's address spends their own budget, not the administrator's.
 */
const RESEND_SECONDS = 60;
const CODES_PER_HOUR_PER_CLIENT = 5;
export const CODE_MINUTES = 10;
/** Wrong codes one code takes; only the browser it was sent to can enter any. */
export const CODE_ATTEMPTS = 5;
/** Wrong codes an address takes in a day, all browsers together, before codes pause. */
export const WRONG_CODES_PER_DAY = 10;
const DAY_MS = 86_400_000;

const GOOGLE_SIGN_IN_FAILED = 'Errore durante il login con Google';
const GOOGLE_NOT_ACTIVE = `${GOOGLE_SIGN_IN_FAILED}: l’accesso con Google non è attivo`;
const GOOGLE_UNVERIFIED = 'Google non ha verificato l’indirizzo e-mail di questo account';
const WRONG_CODE = 'Codice OTP non valido';
const NOT_THIS_BROWSER =
  'Questo codice non è stato richiesto da questo browser: richiedi un nuovo codice qui';
const CODE_EXPIRED = 'Il codice OTP è scaduto: richiedine uno nuovo';
const TOO_MANY_TRIES = 'Troppi tentativi: richiedi un nuovo codice';
const PAUSED =
  'Troppi codici sbagliati per questo indirizzo: per sicurezza ti abbiamo inviato per e-mail un link per accedere';
const LINK_NOT_VALID =
  'Questo link di accesso non è valido o è già stato usato: richiedi un nuovo codice';

/** The cookie that names the code request of this browser, and its key (never stored). */
export const signInCookieName = (config: Pick<Config, 'STOREFRONT_URL'>) =>
  new URL(config.STOREFRONT_URL).protocol === 'https:' ? '__Host-shop.sign_in' : 'shop.sign_in';

const hmac = (config: Pick<Config, 'BETTER_AUTH_SECRET'>, purpose: string) =>
  createHmac('sha256', config.BETTER_AUTH_SECRET).update(purpose).digest('hex');
const codeHashOf = (config: Config, requestId: string, code: string) =>
  hmac(config, `sign-in-code:${requestId}:${code}`);
const browserHashOf = (config: Config, key: string) => hmac(config, `sign-in-browser:${key}`);
const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Since when an address's wrong codes count, and whether they pause its codes now. */
async function pauseOf(db: Kysely<Database> | Transaction<Database>, email: string, now: number) {
  const since = new Date(now - DAY_MS).toISOString();
  const wrong = await countWrongCodesSince(db, email, since);
  if (wrong < WRONG_CODES_PER_DAY) return null;
  const first = await firstWrongCodeSince(db, email, since);
  return {
    wrong,
    until: new Date(Date.parse(first ?? new Date(now).toISOString()) + DAY_MS).toISOString(),
  };
}

/** Queues the sign-in link that stands for codes while an address's codes are paused. */
async function mailSignInLink(
  { config, auth }: AuthDependencies,
  db: Parameters<typeof enqueueMail>[0],
  email: string,
  pause: { wrong: number; until: string },
) {
  const token = await auth.issueSignInToken(email);
  await enqueueMail(db, {
    to: email,
    ...signInLinkMail({
      // The token rides in the fragment, which no server or log sees.
      signInUrl: new URL(`/login/link#${token}`, config.STOREFRONT_URL).toString(),
      validMinutes: SIGN_IN_TOKEN_MINUTES,
      wrongCodes: pause.wrong,
      pausedUntil: pause.until,
    }),
  });
}

/**
 * E-mails a sign-in code bound to the asking browser, unless the address was sent one less than
 * a minute ago or this client asked for it too often; while the address's codes are paused,
 * a sign-in link instead. The check and the record run under the address's lock, so two
 * requests at once cannot both pass it. Answers the cookie value that binds the code.
 */
export async function sendSignInCode(
  deps: AuthDependencies,
  address: string,
  ip: string,
): Promise<string> {
  const { db, config } = deps;
  const email = address.toLowerCase();
  const client = clientKeyOf(ip);
  const now = Date.now();
  const id = randomUUID();
  const browserKey = randomBytes(32).toString('base64url');
  const pause = await db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, `sign-in:${email}`);
    const recent = await listSignInCodeRequests(trx, email, new Date(now - 3600_000).toISOString());
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
    const paused = await pauseOf(trx, email, now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await recordSignInCodeRequest(trx, {
      id,
      email,
      client,
      requestedAt: new Date(now).toISOString(),
      codeHash: paused ? null : codeHashOf(config, id, code),
      browserHash: browserHashOf(config, browserKey),
      expiresAt: new Date(now + CODE_MINUTES * 60_000).toISOString(),
    });
    if (!paused) await enqueueMail(trx, { to: email, ...signInCodeMail(code, CODE_MINUTES) });
    return paused;
  });
  if (pause) await mailSignInLink(deps, db, email, pause);
  return `${id}.${browserKey}`;
}

/**
 * Signs in with an e-mailed code, entered in the browser that asked for it (`browser`, its
 * cookie). A wrong code counts against that code alone, and against the address's day: the
 * tenth of the day pauses codes for the address and mails its owner a sign-in link.
 */
export async function signInWithCode(
  deps: AuthDependencies,
  entered: { email: string; otp: string },
  browser: string | undefined,
  headers: Headers,
): Promise<{ user: CurrentUser; cookies: Headers }> {
  const { db, config } = deps;
  const email = entered.email.toLowerCase();
  const now = Date.now();
  const [id = '', key = ''] = (browser ?? '').split('.');
  const request = id ? await findSignInCodeRequest(db, id) : undefined;
  if (
    !request ||
    request.email !== email ||
    !request.browser_hash ||
    !sameHash(request.browser_hash, browserHashOf(config, key))
  )
    throw new NotSignedInError(NOT_THIS_BROWSER);
  if (request.used_at || !request.expires_at || Date.parse(request.expires_at) <= now)
    throw new NotSignedInError(CODE_EXPIRED);
  if (!request.code_hash || (await pauseOf(db, email, now))) throw new LimitReachedError(PAUSED);
  if (request.failed_attempts >= CODE_ATTEMPTS) throw new LimitReachedError(TOO_MANY_TRIES);
  if (!sameHash(request.code_hash, codeHashOf(config, request.id, entered.otp))) {
    const pause = await db.transaction().execute(async (trx) => {
      await lockInTransaction(trx, `sign-in:${email}`);
      if (!(await countWrongCode(trx, request.id, CODE_ATTEMPTS)))
        throw new LimitReachedError(TOO_MANY_TRIES);
      const paused = await pauseOf(trx, email, now);
      // Told once, when this wrong code is the one that pauses the address's codes.
      return paused?.wrong === WRONG_CODES_PER_DAY ? paused : null;
    });
    if (pause) await mailSignInLink(deps, db, email, pause);
    throw new NotSignedInError(WRONG_CODE);
  }
  if (
    !(await useSignInCode(db, request.id, {
      at: new Date(now).toISOString(),
      allowed: CODE_ATTEMPTS,
    }))
  )
    throw new NotSignedInError(CODE_EXPIRED);
  return signInWithToken(deps, await deps.auth.issueSignInToken(email), headers);
}

/** Signs in with a single-use sign-in token (a right code's, or an e-mailed link's). */
export async function signInWithToken(
  { config, auth }: AuthDependencies,
  token: string,
  headers: Headers,
): Promise<{ user: CurrentUser; cookies: Headers }> {
  let signedIn;
  try {
    signedIn = await auth.api.magicLinkVerify({ query: { token }, headers, returnHeaders: true });
  } catch (error) {
    // Better Auth refuses an unknown, used or expired token by redirecting to its error page.
    if (isAPIError(error)) throw new NotSignedInError(LINK_NOT_VALID);
    throw error;
  }
  const { headers: cookies, response } = signedIn;
  const email = response.user.email.toLowerCase();
  return {
    user: {
      id: response.user.id,
      email,
      name: response.user.name || null,
      isAdmin: config.ADMIN_EMAILS.includes(email),
    },
    cookies,
  };
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
    // Refused by the shop's own rule (better-auth.ts): said as such, not as a failure.
    const refusal = response.ok
      ? null
      : ((await response.json().catch(() => null)) as { code?: string } | null);
    if (refusal?.code === GOOGLE_EMAIL_NOT_VERIFIED)
      throw new InvalidInputError(`${GOOGLE_SIGN_IN_FAILED}: ${GOOGLE_UNVERIFIED}`);
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
