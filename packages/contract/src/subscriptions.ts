/**
 * Subscription records: the admin area's API, shared with the storefront. Their fields are in
 * docs/product.md#data and their rules in docs/product.md#validation; the record itself is
 * defined with the orders that create it (orders.ts).
 */
import { z } from 'zod';
import { pageOf } from './paging.ts';
import { checkoutSessionIdSchema } from './checkout.ts';
import { subscriptionRecordSchema } from './orders.ts';

/** The longest user_id and session_id, and the longest e-mail address, of a record. */
export const RECORD_ID_MAX_LENGTH = 255;
export const RECORD_EMAIL_MAX_LENGTH = 320;

/**
 * What is wrong with a record's field, in Italian, as the admin page shows it: the server's
 * schema below and the page's own form (storefront/lib/admin/validate-record-form.ts) both
 * answer with these.
 */
export const RECORD_MESSAGES = {
  userIdRequired: 'Lo User ID è obbligatorio',
  userIdTooLong: `Lo User ID non può superare ${RECORD_ID_MAX_LENGTH} caratteri`,
  emailRequired: "L'email è obbligatoria",
  emailInvalid: 'Inserisci un indirizzo email valido',
  emailTooLong: `L'email non può superare ${RECORD_EMAIL_MAX_LENGTH} caratteri`,
  sessionIdRequired: 'Il Session ID è obbligatorio',
  sessionIdTooLong: `Il Session ID non può superare ${RECORD_ID_MAX_LENGTH} caratteri`,
} as const;

export const subscriptionRecordInputSchema = z.object({
  user_id: z
    .string()
    .trim()
    .min(1, RECORD_MESSAGES.userIdRequired)
    .max(RECORD_ID_MAX_LENGTH, RECORD_MESSAGES.userIdTooLong),
  email: z
    .email(RECORD_MESSAGES.emailInvalid)
    .max(RECORD_EMAIL_MAX_LENGTH, RECORD_MESSAGES.emailTooLong),
  session_id: z
    .string()
    .trim()
    .min(1, RECORD_MESSAGES.sessionIdRequired)
    .max(RECORD_ID_MAX_LENGTH, RECORD_MESSAGES.sessionIdTooLong),
});

export const confirmSubscriptionBodySchema = z.object({ sessionId: checkoutSessionIdSchema });

export type SubscriptionRecordInput = z.infer<typeof subscriptionRecordInputSchema>;

/** A page of records, newest first (GET /api/subscription-records?q=&limit=&cursor=). */
export const subscriptionRecordPageSchema = pageOf(subscriptionRecordSchema);
export type SubscriptionRecordPage = z.infer<typeof subscriptionRecordPageSchema>;
