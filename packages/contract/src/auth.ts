/** The sign-in endpoints (docs/product.md#api), shared with the storefront. */
import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  isAdmin: z.boolean(),
});

export const sendOtpBodySchema = z.object({
  email: z.email('Inserisci un indirizzo email valido').max(320),
});

export const verifyOtpBodySchema = z.object({
  email: z.email('Inserisci un indirizzo email valido').max(320),
  otp: z.string().regex(/^\d{6}$/, 'Il codice OTP è di 6 cifre'),
});

/** The token of a sign-in link (docs/product.md#sign-in-codes), as its page read it from the address. */
export const signInLinkBodySchema = z.object({
  token: z
    .string()
    .min(16, 'Il link di accesso non è valido')
    .max(256, 'Il link di accesso non è valido'),
});

export const googleRedirectQuerySchema = z.object({
  originUrl: z.url('L’indirizzo di origine non è valido'),
});

const GOOGLE_ANSWER_INVALID = 'La risposta di Google non è valida: riprova ad accedere';
export const oauthSessionBodySchema = z.object({
  code: z.string().min(1, GOOGLE_ANSWER_INVALID).max(2048, GOOGLE_ANSWER_INVALID),
  state: z.string().min(1, GOOGLE_ANSWER_INVALID).max(2048, GOOGLE_ANSWER_INVALID),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;
