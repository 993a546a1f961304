/**
 * What the shop says about paid orders, shared with the storefront: a purchase's detail (the
 * success and thank-you pages' view of a paid checkout, docs/product.md#data), a signed-in
 * buyer's purchases, and the subscription records that orders create.
 */
import { z } from 'zod';
import { productTypeSchema } from './catalogue.ts';
import { stripeId } from './checkout.ts';
import { membershipStateSchema } from './memberships.ts';
import { readOrderNumber } from './order-number.ts';

/** Text as a person typed it, written as `read` reads it, or refused with `message`. */
export const typedSchema = (read: (typed: string) => string | null, message: string) =>
  z
    .string()
    .max(256)
    .transform((typed, context) => {
      const written = read(typed);
      if (written) return written;
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** An order's public number as a buyer may type it, written as the shop writes it. */
export const orderNumberSchema = typedSchema(
  readOrderNumber,
  'is not an order number (ABA- and eight letters or digits)',
);

export const purchasedFileSchema = z.object({
  kind: z.enum(['pdf', 'mp3']),
  label: z.string(),
  url: z.url(),
});

/** What an order charged, in cents, and when its buyer accepted the terms (docs/product.md#charged-amounts). */
export const chargedAmountsSchema = z.object({
  amountSubtotal: z.number().int(),
  amountDiscount: z.number().int(),
  amountTax: z.number().int(),
  amountTotal: z.number().int(),
  currency: z.string(),
  termsAcceptedAt: z.string().nullable(),
});

export type ChargedAmounts = z.infer<typeof chargedAmountsSchema>;

export const purchaseDetailSchema = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      /** Cents per unit. */
      price: z.number().int(),
      quantity: z.number().int(),
      type: productTypeSchema,
      /** The product's PDF link (its first file), or null for a product without files. */
      downloadUrl: z.url().nullable(),
      files: z.array(purchasedFileSchema),
    }),
  ),
  customerEmail: z.string(),
  checkoutSessionId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  ...chargedAmountsSchema.shape,
});

export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

/**
 * A subscription record: made by fulfilment when a subscription is bought, listed with the
 * buyer's purchases, and kept by the admin area (commerce-service/src/modules/subscriptions).
 */
export const subscriptionRecordSchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  email: z.string(),
  session_id: z.string(),
  created_at: z.string(),
  ...membershipStateSchema.shape,
});

export type SubscriptionRecord = z.infer<typeof subscriptionRecordSchema>;

/** GET /api/me/purchases: a signed-in buyer's orders and subscriptions. */
export const purchasesSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      createdAt: z.string(),
      status: z.enum(['paid', 'refunded']),
      ...chargedAmountsSchema.shape,
      products: z.array(
        z.object({ productId: z.string(), productName: z.string(), quantity: z.number().int() }),
      ),
      files: z.array(purchasedFileSchema),
    }),
  ),
  /** Each with the number of the order that bought it, or null for a record made by hand. */
  subscriptions: z.array(subscriptionRecordSchema.extend({ orderNumber: z.string().nullable() })),
});

export type Purchases = z.infer<typeof purchasesSchema>;

/**
 * The parts of a Stripe event the webhook reads. A valid signature says who sent the event,
 * not that it has this shape (another API version, a hand-made test event), so the shape is
 * checked too: a malformed event is refused with 400 instead of failing the handler.
 */

export const stripeEventSchema = z.object({
  id: stripeId,
  // Stripe's words and dots (`checkout.session.completed`), as long as the column that records
  // handled events holds: a control character would not fit PostgreSQL's text.
  type: z
    .string()
    .max(128)
    .regex(/^[\w.]+$/),
  /** When Stripe made the event (Unix seconds): orders the membership's states. */
  created: z.number().int().nonnegative().optional(),
  data: z.object({ object: z.looseObject({}) }),
});

export const checkoutSessionEventSchema = z.looseObject({ id: stripeId });

export const chargeEventSchema = z.looseObject({
  refunded: z.boolean().optional(),
  payment_intent: z.union([stripeId, z.looseObject({ id: stripeId }), z.null()]).optional(),
});
