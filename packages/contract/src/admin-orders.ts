/**
 * The support console's orders (docs/product.md#support-console), shared with the storefront's
 * `/admin/orders`: a page of orders found by e-mail, order id or checkout session id, and one
 * order with its downloads and audit trail.
 */
import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
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
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  /** Cents per unit. */
  unitAmount: z.number().int(),
});

export const adminOrderSchema = z.object({
  orderId: z.string(),
  checkoutSessionId: z.string(),
  createdAt: z.string(),
  email: z.string(),
  status: z.enum(['paid', 'refunded']),
  access: orderAccessSchema,
  ...chargedAmountsSchema.shape,
  lines: z.array(adminOrderLineSchema),
  files: z.array(adminOrderFileSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = pageOf(adminOrderSchema);
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** One order as its view shows it: the order and every administrator's action on it, newest first. */
export const adminOrderDetailSchema = adminOrderSchema.extend({
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
