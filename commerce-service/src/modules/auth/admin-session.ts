/**
 * How long an administrator's sign-in counts, and for what (docs/product.md#administrator-sessions).
 * A buyer stays signed in for SESSION_DAYS; an administrator's session ends ADMIN_SESSION_HOURS
 * after they signed in, however active, and the actions that take something away (revoking or
 * restoring an order's downloads, deleting a subscription record) need a sign-in from the last
 * ADMIN_FRESH_SIGN_IN_MINUTES: a session cookie copied from an unlocked laptop, or a page left
 * open, cannot do them. Pure rules: the auth plugin applies them to each request's session.
 */
import type { ErrorLanguage } from '@aba-shop/contract';

export const ADMIN_SESSION_HOURS = 12;
export const ADMIN_FRESH_SIGN_IN_MINUTES = 15;

/** Whether an administrator who signed in then is still signed in now. */
export function adminSessionIsCurrent(signedInAt: Date, now: number = Date.now()): boolean {
  return now - signedInAt.getTime() < ADMIN_SESSION_HOURS * 3600_000;
}

/** Whether a sign-in then is recent enough now for an action that takes something away. */
export function adminSignInIsFresh(signedInAt: Date, now: number = Date.now()): boolean {
  return now - signedInAt.getTime() < ADMIN_FRESH_SIGN_IN_MINUTES * 60_000;
}

/** What the console shows when an action needs a fresh sign-in. */
export const SIGN_IN_AGAIN: Record<ErrorLanguage, string> = {
  en: `For your security, this action needs a recent sign-in: sign out, sign in again with a new code, then try again (a sign-in counts for ${ADMIN_FRESH_SIGN_IN_MINUTES} minutes for this).`,
  it: `Per sicurezza, questa operazione richiede un accesso recente: esci, accedi di nuovo con un nuovo codice e riprova (per questo un accesso vale ${ADMIN_FRESH_SIGN_IN_MINUTES} minuti).`,
};

/** The flag in a 401 body that tells the console to ask for a fresh sign-in, not a first one. */
export const SIGN_IN_AGAIN_DETAIL = { signInAgain: true } as const;
