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

export const subscriptionRecordInputSchema = z.object({
  user_id: z
    .string()
    .trim()
    .min(1, 'user_id is required')
    .max(255, 'user_id cannot exceed 255 characters'),
  email: z.email('email must be a valid e-mail address').max(320),
  session_id: z
    .string()
    .trim()
    .min(1, 'session_id is required')
    .max(255, 'session_id cannot exceed 255 characters'),
});

export const confirmSubscriptionBodySchema = z.object({ sessionId: checkoutSessionIdSchema });

export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;
export type SubscriptionRecordInput = z.infer<typeof subscriptionRecordInputSchema>;
