/**
 * The membership's state as the shop shows it (docs/product.md#the-membership), and the parts
 * of Stripe's subscription and invoice events that carry it.
 */
import { z } from 'zod';
import { stripeId } from './checkout.ts';

export const membershipStatusSchema = z.enum(['active', 'past_due', 'canceled']);
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;

/** What a subscription record says of its membership, beside the record's own fields. */
export const membershipStateSchema = z.object({
  status: membershipStatusSchema,
  /** When the period paid for ends (ISO 8601); null when the provider has not said yet. */
  currentPeriodEnd: z.string().nullable(),
  /** The member cancelled: access lasts until currentPeriodEnd, then the membership ends. */
  cancelAtPeriodEnd: z.boolean(),
});
export type MembershipState = z.infer<typeof membershipStateSchema>;

export const portalSessionSchema = z.object({ url: z.url() });
export type PortalSession = z.infer<typeof portalSessionSchema>;

/** A signed local portal link's token (the test checkout's stand-in for Stripe's portal). */
export const portalTokenParams = z.object({ token: z.string().min(10).max(1024) });

const reference = z.union([stripeId, z.looseObject({ id: stripeId })]);

export const subscriptionObjectSchema = z.looseObject({
  id: stripeId,
  customer: z.union([reference, z.null()]).optional(),
  status: z.string().max(64),
  cancel_at_period_end: z.boolean().optional(),
  /** Where API versions before 2025-03 put the period's end. */
  current_period_end: z.number().int().optional(),
  items: z
    .looseObject({
      data: z.array(z.looseObject({ current_period_end: z.number().int().optional() })),
    })
    .optional(),
});

export const invoiceObjectSchema = z.looseObject({
  id: z.string().max(255).optional(),
  /** API versions before 2025-03. */
  subscription: z.union([reference, z.null()]).optional(),
  parent: z
    .looseObject({
      subscription_details: z
        .looseObject({ subscription: z.union([reference, z.null()]).optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  lines: z
    .looseObject({
      data: z.array(z.looseObject({ period: z.looseObject({ end: z.number().int() }).optional() })),
    })
    .optional(),
});

export type SubscriptionObject = z.infer<typeof subscriptionObjectSchema>;
export type InvoiceObject = z.infer<typeof invoiceObjectSchema>;
