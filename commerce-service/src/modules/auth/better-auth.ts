/**
 * Sessions with Better Auth on the service's own database: made from a single-use sign-in
 * token, which the shop issues once it has checked an e-mailed code (its own, ./service.ts) or
 * mails as a sign-in link; and Google (OpenID Connect with state and PKCE) when
 * GOOGLE_CLIENT_ID is set. Better Auth's own HTTP routes are not exposed; the shop's endpoints
 * (modules/auth/routes.ts) call its API, so nothing else it offers (passwords, account changes)
 * is reachable.
 */
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth, magicLink } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../config.ts';

export const SESSION_DAYS = 30;
/** The error Google's callback ends with when the account's address is not verified. */
export const GOOGLE_EMAIL_NOT_VERIFIED = 'email_not_verified';
/** How long a sign-in token works: one e-mailed as a link, or one the shop uses at once. */
export const SIGN_IN_TOKEN_MINUTES = 15;

export interface ShopAuthOptions {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
}

/** Where Google sends the browser back: the storefront's popup page. */
export const googleRedirectUri = (config: Config) =>
  new URL('/auth/callback', config.STOREFRONT_URL).toString();

/** The cookies Better Auth sets for the shop (the session, its caches, Google's sign-in state). */
const AUTH_COOKIES = [
  'session_token',
  'session_data',
  'account_data',
  'dont_remember',
  'oauth_state',
] as const;

/**
 * Over https the cookies are `__Host-shop.…`: the browser takes them only Secure, for Path=/
 * and without a Domain, so no other host (a subdomain, a sibling) can set or shadow the shop's
 * session (docs/product.md#administrator-sessions). Better Auth's own secure prefix is
 * `__Secure-`, so the names are given here and Secure is set as an attribute. Over plain http
 * (`npm start` on localhost) a browser refuses both prefixes: the names stay `shop.…`.
 */
export function authCookieNames(secure: boolean) {
  return secure
    ? Object.fromEntries(AUTH_COOKIES.map((cookie) => [cookie, { name: `__Host-shop.${cookie}` }]))
    : {};
}

export function createShopAuth({ db, config, log }: ShopAuthOptions) {
  // The tokens Better Auth has just issued, by address, until issueSignInToken takes them: it
  // mails nothing itself.
  const issued = new Map<string, string>();
  const storefront = new URL(config.STOREFRONT_URL);
  const secure = storefront.protocol === 'https:';
  const google = config.GOOGLE_CLIENT_ID
    ? [
        genericOAuth({
          config: [
            {
              providerId: 'google',
              name: 'Google',
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              discoveryUrl: config.GOOGLE_DISCOVERY_URL,
              scopes: ['openid', 'email', 'profile'],
              pkce: true,
              redirectURI: googleRedirectUri(config),
              // Admin rights and purchases follow the e-mail address: one Google has not
              // verified signs nobody in (docs/product.md#sign-in-codes).
              mapProfileToUser: (profile) => {
                if (profile.emailVerified !== true && profile.email_verified !== true)
                  throw new APIError('FORBIDDEN', {
                    code: GOOGLE_EMAIL_NOT_VERIFIED,
                    message: 'Google has not verified this address',
                  });
                return {};
              },
            },
          ],
        }),
      ]
    : [];
  const auth = betterAuth({
    appName: 'ABA Parent Guides',
    baseURL: storefront.origin,
    basePath: '/api/auth',
    secret: config.BETTER_AUTH_SECRET,
    database: {
      db,
      type: db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite',
      casing: 'snake',
    },
    emailAndPassword: { enabled: false },
    trustedOrigins: [storefront.origin],
    session: { expiresIn: SESSION_DAYS * 24 * 3600, updateAge: 24 * 3600 },
    // The shop's own routes limit requests; Better Auth's limiter would only see internal calls.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Better Auth's messages join the service's structured log.
    logger: {
      level: 'warn',
      log: (level, message) => (level === 'error' ? log.error(message) : log.warn(message)),
    },
    advanced: {
      // The tables are migrated at every start (migrateAuthTables), before any request; the
      // check at creation would only report them missing on a fresh database.
      database: { validateSchema: false },
      cookiePrefix: 'shop',
      useSecureCookies: false,
      cookies: authCookieNames(secure),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure },
    },
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_TOKEN_MINUTES * 60,
        storeToken: 'hashed',
        sendMagicLink: ({ email, token }) => {
          issued.set(email, token);
        },
      }),
      ...google,
    ],
  });
  return Object.assign(auth, {
    /**
     * A single-use token that signs `email` in (signInWithToken), creating its user the first
     * time: for the shop to use at once after a right code, or to mail as a sign-in link.
     */
    async issueSignInToken(email: string): Promise<string> {
      await auth.api.signInMagicLink({ body: { email }, headers: new Headers() });
      const token = issued.get(email);
      issued.delete(email);
      if (!token) throw new Error('Better Auth issued no sign-in token');
      return token;
    },
  });
}

export type ShopAuth = ReturnType<typeof createShopAuth>;

/** Creates or updates Better Auth's tables (user, session, account, verification). */
export async function migrateAuthTables(auth: ShopAuth) {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
