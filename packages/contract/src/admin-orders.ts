/**
 * The support console's orders (docs/product.md#support-console), shared with the storefront's
 * `/admin/orders`: a page of orders found by e-mail, order id or checkout session id, and one
 * order with its downloads and audit trail.
 */
import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { adminOrderDisputeSchema } from './disputes.ts';
import { chargedAmountsSchema } from './orders.ts';
import { pageOf } from './paging.ts';

/** Whether the order's downloads work: revoked by an administrator or by a refund. */
export const orderAccessSchema = z.enum(['active', 'revoked']);
export type OrderAccess = z.infer<typeof orderAccessSchema>;

/** A file the order grants, and how its buyer has used it. */
export const adminOrderFileSchema = z.object({
  productId: z.string(),
  fileKey: z.string(),
  kind: z.enum(['pdf', 'mp3']),
  label: z.string(),
  downloadCount: z.number().int(),
  /** When the file was last downloaded (ISO 8601), or null if never. */
  lastDownloadAt: z.string().nullable(),
});

export const adminOrderLineSchema = z.object({
  /** The line's id, which a refund of chosen lines names. */
  lineId: z.string(),
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Cents per unit. */
  unitAmount: z.number().int(),
  /**
   * What the line was charged: its share of the order's total, discount and tax included
   * (docs/product.md#refunds-from-the-console), which refunding it gives back.
   */
  amountCharged: z.number().int(),
  /** When the line was refunded (ISO 8601), or null. */
  refundedAt: z.string().nullable(),
});

export const adminOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  email: z.string(),
  status: z.enum(['paid', 'refunded']),
  access: orderAccessSchema,
  ...chargedAmountsSchema.shape,
  /** Cents refunded of the total, and of its tax (the whole total once refunded). */
  amountRefunded: z.number().int(),
  taxRefunded: z.number().int(),
  lines: z.array(adminOrderLineSchema),
  files: z.array(adminOrderFileSchema),
  /** The status of the order's newest dispute (docs/product.md#disputes), or null. */
  disputeStatus: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = pageOf(adminOrderSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** Why an order was refunded (docs/product.md#refunds): support, a withdrawal, Stripe, a lost dispute. */
export const refundReasonSchema = z.enum(['support', 'withdrawal', 'stripe', 'dispute']);

/** A refund of the order, whatever asked it, and where it stands at the payment provider. */
export const adminOrderRefundSchema = z.object({
  refundId: z.string(),
  reason: refundReasonSchema,
  /** Cents refunded, tax included, and of it the tax. */
  amount: z.number().int(),
  tax: z.number().int(),
  /** The lines it refunds. */
  lineIds: z.array(z.string()),
  /** `pending` while the provider has not made it (it is asked again), `failed` if refused. */
  status: z.enum(['pending', 'refunded', 'failed']),
  /** Who asked: an administrator's or the buyer's address, or `stripe`. */
  actor: z.string(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  /** The provider's words when it could not refund. */
  error: z.string().nullable(),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefundSchema>;

/** One order as its view shows it: the order, its refunds and every administrator's action on it, newest first. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
  refunds: z.array(adminOrderRefundSchema),
  /** The order's newest dispute, with the evidence the shop would send, or null. */
  dispute: adminOrderDisputeSchema.nullable(),
  audit: z.array(auditEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderParamsSchema = z.object({
  orderId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^ord_[a-z0-9]+$/, 'non è l’id di un ordine'),
});

/** A refund from the console: the order's lines named, or, without `lineIds`, all that is left. */
export const adminOrderRefundBodySchema = z.strictObject({
  lineIds: z
    .array(z.string().min(1, 'una riga vuota').max(64, 'non è l’id di una riga'))
    .min(1, 'scegli almeno una riga')
    .max(50, 'al massimo 50 righe')
    .optional(),
});
export type AdminOrderRefundBody = z.infer<typeof adminOrderRefundBodySchema>;
