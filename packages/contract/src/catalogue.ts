/** The catalogue's HTTP contract. */
import { z } from 'zod';

export const productTypeSchema = z.enum(['digital', 'subscription']);

export const productSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Minor units (cents). */
  price: z.number().int().nonnegative(),
  currency: z.string().length(3),
  images: z.array(z.string()),
  type: productTypeSchema,
  /** foundational, case-studies, complete (eBooks) or membership. */
  kind: z.string().nullable(),
  /** 'month' for a subscription. */
  interval: z.string().nullable(),
  /** A hosted payment page for buying this product alone, when the shop has one. */
  paymentLinkUrl: z.url().nullable(),
});

export const productListSchema = z.array(productSchema);

export type Product = z.infer<typeof productSchema>;
export type ProductType = z.infer<typeof productTypeSchema>;
