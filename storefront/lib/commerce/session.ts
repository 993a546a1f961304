/**
 * The session calls every page makes (spec §7 GET /api/users/me and /api/logout). Kept free
 * of zod on purpose: this module is in every page's first-load JavaScript, and a schema
 * library there would cost each visitor tens of kilobytes. The answer is checked by hand
 * against the contract's type instead.
 */
import type { CurrentUser } from 'commerce-service/contract';

function isCurrentUser(value: unknown): value is CurrentUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    (user.name === null || typeof user.name === 'string') &&
    typeof user.isAdmin === 'boolean'
  );
}

/** The signed-in user, or null (a failure is logged and treated as signed out, spec §7). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const response = await fetch('/api/users/me', {
      credentials: 'same-origin',
      cache: 'no-store',
    });
    if (!response.ok) {
      console.error('Failed to fetch the current user', response.status);
      return null;
    }
    // null: nobody is signed in. A user with no e-mail counts as signed out (spec §3).
    const user: unknown = await response.json();
    return isCurrentUser(user) && user.email ? user : null;
  } catch (error) {
    console.error('Failed to fetch the current user', error);
    return null;
  }
}

/** Ends the server session; a failed request is logged (the local user is already cleared). */
export async function logout(): Promise<void> {
  await fetch('/api/logout', { credentials: 'same-origin' }).catch((error: unknown) => {
    console.error('Logout request failed', error);
  });
}
