/** Subscription records (spec §3, §5): the admin area's API, shared with the storefront. */
import { z } from 'zod';
import { checkoutSessionIdSchema } from '../checkout/schemas.ts';

export const subscriptionRecordSchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  email: z.string(),
  session_id: z.string(),
  created_at: z.string(),
});

/** Its messages are in Italian, as the admin page shows them. */
export const subscriptionRecordInputSchema = z.object({
  user_id: z
    .string()
    .trim()
    .min(1, 'Lo User ID è obbligatorio')
    .max(255, 'Lo User ID non può superare 255 caratteri'),
  email: z
    .email('Inserisci un indirizzo email valido')
    .max(320, "L'email non può superare 320 caratteri"),
  session_id: z
    .string()
    .trim()
    .min(1, 'Il Session ID è obbligatorio')
    .max(255, 'Il Session ID non può superare 255 caratteri'),
});

export const confirmSubscriptionBodySchema = z.object({ sessionId: checkoutSessionIdSchema });

export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;
export type SubscriptionRecordInput = z.infer<typeof subscriptionRecordInputSchema>;
