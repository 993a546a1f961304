/**
 * Who is calling: the signed-in user from the session cookie, and whether they are an
 * administrator (their e-mail is in ADMIN_EMAILS). The server decides; the storefront only
 * shows what /api/users/me says.
 */
import fp from 'fastify-plugin';
import { failureTexts } from '../failure-texts.ts';
import type { FastifyRequest } from 'fastify';
import { createShopAuth, migrateAuthTables, type ShopAuth } from '../modules/auth/better-auth.ts';
import { withMigrationLock } from '../db/connect.ts';
import { NotAllowedError, NotSignedInError } from '../domain-errors.ts';
import type { CurrentUser } from '@aba-shop/contract';
import {
  adminSessionIsCurrent,
  adminSignInIsFresh,
  SIGN_IN_AGAIN,
  SIGN_IN_AGAIN_DETAIL,
} from '../modules/auth/admin-session.ts';

/** Who is calling, and when they signed in (the session's start, not its last renewal). */
interface Caller {
  user: CurrentUser;
  signedInAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: ShopAuth;
    currentUser: (request: FastifyRequest) => Promise<CurrentUser | null>;
    /** Refuses anyone but an administrator; an `onRequest` hook, or awaited in a handler. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The administrator's e-mail, for the audit trail; refuses anyone else, as requireAdmin. */
    adminEmail: (request: FastifyRequest) => Promise<string>;
    /**
     * As adminEmail, for an action that takes something away: refuses a sign-in older than
     * ADMIN_FRESH_SIGN_IN_MINUTES too (docs/product.md#administrator-sessions).
     */
    freshAdminEmail: (request: FastifyRequest) => Promise<string>;
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
  const auth = createShopAuth({ db: app.db, config: app.config, log: app.log });
  // Under the migration lock too: Better Auth creates its tables as the service's own are.
  await withMigrationLock(app.db, () => migrateAuthTables(auth));
  app.decorate('auth', auth);

  async function lookUp(request: FastifyRequest): Promise<Caller | null> {
    if (!request.headers.cookie) return null;
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    if (!session) return null;
    const email = session.user.email.toLowerCase();
    const isAdmin = app.config.ADMIN_EMAILS.includes(email);
    const signedInAt = new Date(session.session.createdAt);
    // An administrator's session ends hours after the sign-in, however active.
    if (isAdmin && !adminSessionIsCurrent(signedInAt)) return null;
    return {
      user: { id: session.user.id, email, name: session.user.name || null, isAdmin },
      signedInAt,
    };
  }
  // The admin check and the handler of one request share a single session lookup.
  const perRequest = new WeakMap<FastifyRequest, Promise<Caller | null>>();
  function caller(request: FastifyRequest): Promise<Caller | null> {
    let found = perRequest.get(request);
    if (!found) {
      found = lookUp(request);
      perRequest.set(request, found);
    }
    return found;
  }
  app.decorate(
    'currentUser',
    async (request: FastifyRequest) => (await caller(request))?.user ?? null,
  );

  async function adminEmail(request: FastifyRequest): Promise<string> {
    const user = await app.currentUser(request);
    const texts = failureTexts(request);
    if (!user) throw new NotSignedInError(texts.signInAsAdmin);
    if (!user.isAdmin) throw new NotAllowedError(texts.notAdmin);
    return user.email;
  }
  app.decorate('adminEmail', adminEmail);
  app.decorate('freshAdminEmail', async (request: FastifyRequest) => {
    const email = await adminEmail(request);
    const signedIn = await caller(request);
    if (!signedIn || !adminSignInIsFresh(signedIn.signedInAt)) {
      const language = request.routeOptions.config?.errorLanguage ?? 'en';
      throw new NotSignedInError(SIGN_IN_AGAIN[language], SIGN_IN_AGAIN_DETAIL);
    }
    return email;
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await adminEmail(request);
  });
});
