/**
 * The sign-in endpoints, on top of Better Auth. Failures answer `{ error }`, as the login page
 * reads them; the routes the login page calls answer in Italian, like the page, the service's
 * own texts included (src/failure-texts.ts).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { webHeaders } from '../../plugins/auth.ts';
import type { ModuleRoutes } from '../../module-routes.ts';
import { failureBodySchema } from '../../plugins/errors.ts';
import {
  currentUserSchema,
  googleRedirectQuerySchema,
  oauthSessionBodySchema,
  sendOtpBodySchema,
  signInLinkBodySchema,
  verifyOtpBodySchema,
} from '@aba-shop/contract';
import {
  CODE_MINUTES,
  completeGoogleSignIn,
  googleSignInUrl,
  sendSignInCode,
  signInCookieName,
  signInWithCode,
  signInWithToken,
  signOut,
  type AuthDependencies,
} from './service.ts';

const okSchema = z.object({ success: z.literal(true) });
const config = { errorBody: 'error' } as const;
/** The routes behind the Italian login page. */
const loginConfig = { ...config, errorLanguage: 'it' } as const;

/** Passes Better Auth's cookies (session, OAuth state) on to the browser. */
function forwardCookies(reply: FastifyReply, headers: Headers | null) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

export const authRoutes: ModuleRoutes<AuthDependencies> = async (app, { deps }) => {
  const browserCookie = signInCookieName(deps.config);
  const secure = new URL(deps.config.STOREFRONT_URL).protocol === 'https:';

  app.post(
    '/api/send-otp',
    {
      config: { ...loginConfig, rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        summary: 'E-mails a 6-digit sign-in code (the same answer for every address)',
        body: sendOtpBodySchema,
        response: { 200: okSchema, 429: failureBodySchema.error },
      },
    },
    async (request, reply) => {
      // The code works only in this browser: the cookie names its request and holds its key.
      const browser = await sendSignInCode(deps, request.body.email, request.ip);
      reply.setCookie(browserCookie, browser, {
        httpOnly: true,
        sameSite: 'strict',
        secure,
        path: '/',
        maxAge: CODE_MINUTES * 60,
      });
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
          401: failureBodySchema.error,
          429: failureBodySchema.error,
        },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await signInWithCode(
        deps,
        request.body,
        request.cookies[browserCookie],
        webHeaders(request),
      );
      forwardCookies(reply, cookies);
      reply.clearCookie(browserCookie, { path: '/', secure, sameSite: 'strict', httpOnly: true });
      return { user };
    },
  );

  app.post(
    '/api/sign-in-link',
    {
      config: { ...loginConfig, rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        summary:
          'Signs in with the token of an e-mailed sign-in link (sent while codes are paused); sets the session cookie',
        body: signInLinkBodySchema,
        response: {
          200: z.object({ user: currentUserSchema }),
          401: failureBodySchema.error,
        },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await signInWithToken(
        deps,
        request.body.token,
        webHeaders(request),
      );
      forwardCookies(reply, cookies);
      return { user };
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

  app.post(
    '/api/logout',
    {
      // Only the shop's own pages may end the session: another site must not be able to.
      config: { ...config, sameOriginOnly: true },
      schema: { summary: 'Ends the session', response: { 200: okSchema } },
    },
    async (request, reply) => {
      forwardCookies(
        reply,
        await signOut(deps, await app.currentUser(request), webHeaders(request)),
      );
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
        response: {
          200: z.object({ redirectUrl: z.url() }),
          400: failureBodySchema.error,
          503: failureBodySchema.error,
        },
      },
    },
    async (request, reply) => {
      const { redirectUrl, cookies } = await googleSignInUrl(
        deps,
        request.query.originUrl,
        webHeaders(request),
      );
      forwardCookies(reply, cookies);
      return { redirectUrl };
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
        response: { 200: okSchema, 400: failureBodySchema.error, 503: failureBodySchema.error },
      },
    },
    async (request, reply) => {
      forwardCookies(
        reply,
        await completeGoogleSignIn(deps, request.body, webHeaders(request), request.log),
      );
      return { success: true as const };
    },
  );
};
