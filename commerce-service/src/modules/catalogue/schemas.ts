/** The catalogue's HTTP contract, shared with the storefront through `commerce-service/contract`. */
import { z } from 'zod';

export const productSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Minor units (cents). */
  price: z.number().int().nonnegative(),
  currency: z.string().length(3),
  images: z.array(z.string()),
  type: z.enum(['digital', 'subscription']),
});

export const productListSchema = z.array(productSchema);

export type Product = z.infer<typeof productSchema>;
