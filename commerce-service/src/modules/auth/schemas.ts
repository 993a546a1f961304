/** The sign-in endpoints of the spec (§7), shared with the storefront. */
import { z } from 'zod';
import { purchasedFileSchema } from '../fulfilment/schemas.ts';
import { subscriptionRecordSchema } from '../subscriptions/schemas.ts';

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

export const googleRedirectQuerySchema = z.object({
  originUrl: z.url('L’indirizzo di origine non è valido'),
});

const GOOGLE_ANSWER_INVALID = 'La risposta di Google non è valida: riprova ad accedere';
export const oauthSessionBodySchema = z.object({
  code: z.string().min(1, GOOGLE_ANSWER_INVALID).max(2048, GOOGLE_ANSWER_INVALID),
  state: z.string().min(1, GOOGLE_ANSWER_INVALID).max(2048, GOOGLE_ANSWER_INVALID),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/me/purchases: a signed-in buyer's orders and subscriptions. */
export const purchasesSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      checkoutSessionId: z.string(),
      createdAt: z.string(),
      status: z.enum(['paid', 'refunded']),
      amountTotal: z.number().int(),
      currency: z.string(),
      products: z.array(
        z.object({ productId: z.string(), productName: z.string(), quantity: z.number().int() }),
      ),
      files: z.array(purchasedFileSchema),
    }),
  ),
  subscriptions: z.array(subscriptionRecordSchema),
});

export type Purchases = z.infer<typeof purchasesSchema>;
