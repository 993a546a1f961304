/**
 * The browser's calls to the sign-in endpoints (spec §7), same-origin through the storefront.
 * Responses are checked with the commerce service's own schemas.
 */
import {
  currentUserSchema,
  purchasesSchema,
  type CurrentUser,
  type Purchases,
} from 'commerce-service/contract';

export class AuthRequestError extends Error {
  override name = 'AuthRequestError';
}

async function readError(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : fallback;
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
    const user = currentUserSchema.nullable().safeParse(await response.json());
    return user.success && user.data?.email ? user.data : null;
  } catch (error) {
    console.error('Failed to fetch the current user', error);
    return null;
  }
}

async function post(path: string, body: unknown, fallback: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthRequestError(fallback);
  }
  // The server's own message is preferred; the spec's fallback otherwise.
  if (!response.ok) throw new AuthRequestError(await readError(response, fallback));
}

export const sendOtp = (email: string) =>
  post('/api/send-otp', { email }, "Errore nell'invio del codice OTP");

export const verifyOtp = (email: string, otp: string) =>
  post('/api/verify-otp', { email, otp }, 'Codice OTP non valido');

export const completeGoogleSignIn = (code: string, state: string) =>
  post('/api/sessions', { code, state }, 'Errore durante il login con Google');

export async function googleRedirectUrl(originUrl: string): Promise<string> {
  const response = await fetch(
    `/api/oauth/google/redirect_url?originUrl=${encodeURIComponent(originUrl)}`,
    {
      credentials: 'same-origin',
    },
  );
  if (!response.ok)
    throw new AuthRequestError(await readError(response, 'Errore durante il login con Google'));
  const { redirectUrl } = (await response.json()) as { redirectUrl: string };
  return redirectUrl;
}

export async function logout(): Promise<void> {
  await fetch('/api/logout', { credentials: 'same-origin' }).catch((error: unknown) => {
    console.error('Logout request failed', error);
  });
}

/** The signed-in buyer's orders and subscriptions; null when nobody is signed in. */
export async function fetchMyPurchases(): Promise<Purchases | null> {
  const response = await fetch('/api/me/purchases', {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (response.status === 401) return null;
  if (!response.ok)
    throw new AuthRequestError(await readError(response, 'Unable to load your purchases.'));
  return purchasesSchema.parse(await response.json());
}
