/** Table types for Kysely. Booleans and JSON are stored portably (integer, text). */
export interface ProductTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  type: 'digital' | 'subscription';
  kind: string | null;
  /** JSON array of image URLs. */
  images: string;
  sort_order: number;
  /** ISO 8601, written by the service. */
  created_at: string;
}

export interface Database {
  products: ProductTable;
}
