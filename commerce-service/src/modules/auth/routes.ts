/**
 * The spec's sign-in endpoints, on top of Better Auth. Failures answer `{ error }`, as the
 * login page reads them; the routes the login page calls answer in Italian, like the page,
 * the service's own texts included (plugins/failure-texts.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webHeaders } from '../../plugins/auth.ts';
import type { Books } from '../downloads/assets.ts';
import { listPurchases } from './purchases.ts';
import {
  currentUserSchema,
  googleRedirectQuerySchema,
  oauthSessionBodySchema,
  purchasesSchema,
  sendOtpBodySchema,
  verifyOtpBodySchema,
} from './schemas.ts';

const errorSchema = z.object({ error: z.string() });
const okSchema = z.object({ success: z.literal(true) });
const config = { errorBody: (error: string) => ({ error }) };
/** The routes behind the Italian login page. */
const loginConfig = { ...config, errorLanguage: 'it' as const };
const GOOGLE_SIGN_IN_FAILED = 'Errore durante il login con Google';
const GOOGLE_NOT_ACTIVE = `${GOOGLE_SIGN_IN_FAILED}: l’accesso con Google non è attivo`;

/** A new code for one address at most once a minute, and five times an hour. */
const RESEND_SECONDS = 60;
const CODES_PER_HOUR = 5;

const OTP_ERRORS: Record<string, { status: number; error: string }> = {
  INVALID_OTP: { status: 401, error: 'Codice OTP non valido' },
  OTP_EXPIRED: { status: 401, error: 'Il codice OTP è scaduto: richiedine uno nuovo' },
  TOO_MANY_ATTEMPTS: { status: 429, error: 'Troppi tentativi: richiedi un nuovo codice' },
};

class AuthError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** Passes Better Auth's cookies (session, OAuth state) on to the browser. */
function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

function betterAuthCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } } | undefined)?.body?.code;
}

export const authRoutes: FastifyPluginAsyncZod<{ books: Books }> = async (app, { books }) => {
  const storefront = new URL(app.config.STOREFRONT_URL);

  app.post(
    '/api/send-otp',
    {
      config: { ...loginConfig, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        summary: 'E-mails a 6-digit sign-in code (the same answer for every address)',
        body: sendOtpBodySchema,
        response: { 200: okSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const now = Date.now();
      const recent = await app.db
        .selectFrom('sign_in_code_requests')
        .select('requested_at')
        .where('email', '=', email)
        .where('requested_at', '>=', new Date(now - 3600_000).toISOString())
        .orderBy('requested_at', 'desc')
        .execute();
      const last = recent[0] ? Date.parse(recent[0].requested_at) : 0;
      if (now - last < RESEND_SECONDS * 1000) {
        throw new AuthError(
          'Hai appena ricevuto un codice: attendi un minuto prima di richiederne un altro',
          429,
        );
      }
      if (recent.length >= CODES_PER_HOUR) {
        throw new AuthError(
          "Troppe richieste di codice per questo indirizzo: riprova tra un'ora",
          429,
        );
      }
      await app.db
        .insertInto('sign_in_code_requests')
        .values({ id: randomUUID(), email, requested_at: new Date(now).toISOString() })
        .execute();
      await app.auth.api.sendVerificationOTP({ body: { email, type: 'sign-in' } });
      return { success: true as const };
    },
  );

  app.post(
    '/api/verify-otp',
    {
      config: { ...loginConfig, rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Signs in with the e-mailed code; sets the session cookie',
        body: verifyOtpBodySchema,
        response: {
          200: z.object({ user: currentUserSchema }),
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      try {
        const { headers, response } = await app.auth.api.signInEmailOTP({
          body: { email, otp: request.body.otp },
          headers: webHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(reply, headers);
        return {
          user: {
            id: response.user.id,
            email,
            name: response.user.name || null,
            isAdmin: app.config.ADMIN_EMAILS.includes(email),
          },
        };
      } catch (error) {
        const known = OTP_ERRORS[betterAuthCode(error) ?? ''];
        if (known) throw new AuthError(known.error, known.status);
        throw error;
      }
    },
  );

  app.get(
    '/api/users/me',
    {
      config,
      schema: {
        summary: 'The signed-in user, or null for a visitor who is not signed in',
        response: { 200: currentUserSchema.nullable() },
      },
    },
    // Not signed in is the normal state of most visitors, not an error: answering 401 would
    // put a failed request in every anonymous visitor's console on every page.
    async (request) => (await app.currentUser(request)) ?? null,
  );

  app.get(
    '/api/logout',
    {
      // A GET by the spec, yet it ends the session: another site must not be able to.
      config: { ...config, sameOriginOnly: true },
      schema: { summary: 'Ends the session', response: { 200: okSchema } },
    },
    async (request, reply) => {
      if (await app.currentUser(request)) {
        const { headers } = await app.auth.api.signOut({
          headers: webHeaders(request),
          returnHeaders: true,
        });
        forwardCookies(reply, headers);
      }
      return { success: true as const };
    },
  );

  app.get(
    '/api/oauth/google/redirect_url',
    {
      config: loginConfig,
      schema: {
        summary: "Google's sign-in address for the popup (state and PKCE kept by the server)",
        querystring: googleRedirectQuerySchema,
        response: { 200: z.object({ redirectUrl: z.url() }), 400: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (!app.config.GOOGLE_CLIENT_ID) {
        return reply.status(503).send({ error: GOOGLE_NOT_ACTIVE });
      }
      if (new URL(request.query.originUrl).origin !== storefront.origin) {
        return reply
          .status(400)
          .send({ error: `${GOOGLE_SIGN_IN_FAILED}: indirizzo di origine non valido` });
      }
      const { headers, response } = await app.auth.api.signInSocial({
        body: { provider: 'google', callbackURL: '/', disableRedirect: true },
        headers: webHeaders(request),
        returnHeaders: true,
      });
      if (!response.url) throw new Error('Better Auth returned no Google address');
      forwardCookies(reply, headers);
      return { redirectUrl: response.url };
    },
  );

  app.post(
    '/api/sessions',
    {
      config: { ...loginConfig, rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        summary:
          "Completes Google sign-in with the popup's code and state; sets the session cookie",
        body: oauthSessionBodySchema,
        response: { 200: okSchema, 400: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (!app.config.GOOGLE_CLIENT_ID) {
        return reply.status(503).send({ error: GOOGLE_NOT_ACTIVE });
      }
      const callback = new URL('/api/auth/callback/google', storefront.origin);
      callback.searchParams.set('code', request.body.code);
      callback.searchParams.set('state', request.body.state);
      // Better Auth checks the state against the cookie it set, then exchanges the code.
      const response = await app.auth.handler(
        new Request(callback, { headers: webHeaders(request) }),
      );
      const location = response.headers.get('location') ?? '';
      const signedIn = response.headers
        .getSetCookie()
        .some((cookie) => /session_token=[^;]+/.test(cookie));
      if (!signedIn || /[?&]error=/.test(location)) {
        request.log.warn(
          { status: response.status, location: location.replace(/code=[^&]+/, 'code=…') },
          'Google sign-in failed',
        );
        return reply.status(400).send({ error: GOOGLE_SIGN_IN_FAILED });
      }
      forwardCookies(reply, response.headers);
      return { success: true as const };
    },
  );

  app.get(
    '/api/me/purchases',
    {
      config,
      schema: {
        summary:
          "The signed-in user's orders (by purchase e-mail) with fresh download links and subscriptions",
        response: { 200: purchasesSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await app.currentUser(request);
      if (!user) return reply.status(401).send({ error: 'Not signed in' });
      return listPurchases(app.db, app.config, books, user.email);
    },
  );
};
