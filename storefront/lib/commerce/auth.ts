/**
 * The browser's calls to the sign-in endpoints (spec §7), same-origin through the storefront.
 * Responses are checked with the commerce service's own schemas.
 */
import { purchasesSchema, type Purchases } from 'commerce-service/contract';

export class AuthRequestError extends Error {
  override name = 'AuthRequestError';
}

async function readError(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : fallback;
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
