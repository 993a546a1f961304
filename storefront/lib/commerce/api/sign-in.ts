/**
 * The login page's calls (docs/product.md#api). Their failures are `{ error }`, in Italian,
 * which the page shows when there is one.
 */
import { anyAnswer, callCommerce } from '../client';
import { jsonSchemaAnswer } from '../json-schema-answer';

const post = (path: string, body: unknown) =>
  callCommerce({ path, method: 'POST', body, answer: anyAnswer, failureField: 'error' });

export const sendOtp = (email: string) => post('/api/send-otp', { email });

export const verifyOtp = (email: string, otp: string) => post('/api/verify-otp', { email, otp });

/** Signs in with the token of an e-mailed sign-in link (docs/product.md#sign-in-codes). */
export const signInWithLink = (token: string) => post('/api/sign-in-link', { token });

export const completeGoogleSignIn = (code: string, state: string) =>
  post('/api/sessions', { code, state });

/** Declared by the service's route rather than its contract. */
const googleRedirectAnswer = jsonSchemaAnswer<{ redirectUrl: string }>({
  type: 'object',
  properties: { redirectUrl: { type: 'string', format: 'uri' } },
  required: ['redirectUrl'],
});

export const fetchGoogleRedirectUrl = async (originUrl: string) =>
  (
    await callCommerce({
      path: `/api/oauth/google/redirect_url?originUrl=${encodeURIComponent(originUrl)}`,
      answer: googleRedirectAnswer,
      failureField: 'error',
    })
  ).redirectUrl;
