/**
 * What the admin pages say when a call fails (docs/product.md#error-catalogue): the server's own
 * `error` text, else the call's service fallback, else (a failure that is not the service's, a
 * bug in the page) the page's own fallback; and when the server refuses access, which the pages
 * show as the sign-in or the not-authorised view instead of a message.
 */
import { CommerceError } from '@/lib/commerce/client';

export interface FailureFallbacks {
  /** When the service answered without a text of its own, or not at all. */
  service: string;
  /** When the failure is not the service's at all. */
  page: string;
}

export function adminFailureMessage(caught: unknown, fallbacks: FailureFallbacks): string {
  if (caught instanceof CommerceError) return caught.serverMessage ?? fallbacks.service;
  return caught instanceof Error && caught.message ? caught.message : fallbacks.page;
}

/**
 * A 401 that asks a signed-in administrator to sign in again before an action that takes
 * something away (docs/product.md#administrator-sessions): a banner with the server's words,
 * as the administrator is signed in and the sign-in page would only send them back.
 */
export function asksForFreshSignIn(caught: unknown): boolean {
  return (
    caught instanceof CommerceError &&
    caught.status === 401 &&
    typeof caught.body === 'object' &&
    caught.body !== null &&
    (caught.body as { signInAgain?: unknown }).signInAgain === true
  );
}

/** 401 or 403 from the server: not a banner, the page shows the sign-in or not-authorised view. */
export function accessDenial(caught: unknown): 401 | 403 | null {
  if (!(caught instanceof CommerceError) || asksForFreshSignIn(caught)) return null;
  return caught.status === 401 || caught.status === 403 ? caught.status : null;
}
