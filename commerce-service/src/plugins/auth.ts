/**
 * Who is calling: the signed-in user from the session cookie, and whether they are an
 * administrator (their e-mail is in ADMIN_EMAILS). The server decides; the storefront only
 * shows what /api/users/me says.
 */
import fp from 'fastify-plugin';
import { failureTexts } from '../failure-texts.ts';
import type { FastifyRequest } from 'fastify';
import {
  createShopAuth,
  migrateAuthTables,
  OTP_EXPIRES_SECONDS,
  type ShopAuth,
} from '../modules/auth/better-auth.ts';
import { withMigrationLock } from '../db/connect.ts';
import { NotAllowedError, NotSignedInError } from '../domain-errors.ts';
import type { CurrentUser } from '@aba-shop/contract';
import { enqueueMail, signInCodeMail } from '../modules/mail/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: ShopAuth;
    currentUser: (request: FastifyRequest) => Promise<CurrentUser | null>;
    /** Refuses anyone but an administrator; an `onRequest` hook, or awaited in a handler. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The administrator's e-mail, for the audit trail; refuses anyone else, as requireAdmin. */
    adminEmail: (request: FastifyRequest) => Promise<string>;
  }
}

/** The request's headers as Better Auth's API expects them. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return headers;
}

export const authPlugin = fp(async (app) => {
  const auth = createShopAuth({
    db: app.db,
    config: app.config,
    log: app.log,
    sendOtp: (email, otp) =>
      enqueueMail(app.db, { to: email, ...signInCodeMail(otp, OTP_EXPIRES_SECONDS / 60) }),
  });
  // Under the migration lock too: Better Auth creates its tables as the service's own are.
  await withMigrationLock(app.db, () => migrateAuthTables(auth));
  app.decorate('auth', auth);

  async function lookUp(request: FastifyRequest): Promise<CurrentUser | null> {
    if (!request.headers.cookie) return null;
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    if (!session) return null;
    const email = session.user.email.toLowerCase();
    return {
      id: session.user.id,
      email,
      name: session.user.name || null,
      isAdmin: app.config.ADMIN_EMAILS.includes(email),
    };
  }
  // The admin check and the handler of one request share a single session lookup.
  const perRequest = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
  app.decorate('currentUser', (request: FastifyRequest) => {
    let user = perRequest.get(request);
    if (!user) {
      user = lookUp(request);
      perRequest.set(request, user);
    }
    return user;
  });

  async function adminEmail(request: FastifyRequest): Promise<string> {
    const user = await app.currentUser(request);
    const texts = failureTexts(request);
    if (!user) throw new NotSignedInError(texts.signInAsAdmin);
    if (!user.isAdmin) throw new NotAllowedError(texts.notAdmin);
    return user.email;
  }
  app.decorate('adminEmail', adminEmail);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await adminEmail(request);
  });
});
