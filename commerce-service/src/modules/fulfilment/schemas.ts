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
