/** Purchase detail: the success and thank-you pages' view of a paid checkout (spec §3). */
import { z } from 'zod';
import { productTypeSchema } from '../catalogue/schemas.ts';

export const purchasedFileSchema = z.object({
  kind: z.enum(['pdf', 'mp3']),
  label: z.string(),
  url: z.url(),
});

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
});

export type PurchaseDetail = z.infer<typeof purchaseDetailSchema>;

/**
 * The parts of a Stripe event the webhook reads. A valid signature says who sent the event,
 * not that it has this shape (another API version, a hand-made test event), so the shape is
 * checked too: a malformed event is refused with 400 instead of failing the handler.
 */
/** Stripe's ids: letters, digits and underscores (`evt_…`, `cs_test_…`, `pi_…`). */
const stripeId = z.string().regex(/^\w{1,255}$/);

export const stripeEventSchema = z.object({
  id: stripeId,
  // As long as the column that records handled events holds.
  type: z.string().min(1).max(128),
  data: z.object({ object: z.looseObject({}) }),
});

export const checkoutSessionEventSchema = z.looseObject({ id: stripeId });

export const chargeEventSchema = z.looseObject({
  refunded: z.boolean().optional(),
  payment_intent: z.union([stripeId, z.looseObject({ id: stripeId }), z.null()]).optional(),
});
