/**
 * The session calls every page makes (docs/product.md#api GET /api/users/me and POST /api/logout).
 * A failure never shows: it is logged and the visitor counts as signed out.
 */
import type { CurrentUser } from '@aba-shop/contract';
import { endSession, fetchCurrentUser } from '@/lib/commerce/api/session';
import { CommerceError } from '@/lib/commerce/client';

/** The signed-in user, or null (nobody signed in, a user without e-mail, or a failure). */
export async function fetchSignedInUser(): Promise<CurrentUser | null> {
  try {
    // A user with no e-mail counts as signed out (docs/product.md#data).
    const user = await fetchCurrentUser();
    return user?.email ? user : null;
  } catch (error) {
    // A refusal or a failure status is logged as the status alone: a short, stable line.
    const status = error instanceof CommerceError && (error.status ?? 0) >= 300;
    console.error(
      'Failed to fetch the current user',
      status ? (error as CommerceError).status : error,
    );
    return null;
  }
}

/** Ends the server session; a failed request is logged (the local user is already cleared). */
export async function logout(): Promise<void> {
  await endSession().catch((error: unknown) => {
    console.error('Logout request failed', error);
  });
}
