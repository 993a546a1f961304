/**
 * A product as the catalogue file lists it (commerce-service/data/products.json), which the
 * commerce service loads at start and the tests read to know what the shop sells.
 */
export interface ProductSeed {
  id: string;
  slug: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  type: 'digital' | 'subscription';
  kind: string | null;
  images: string[];
  /** The file keys a purchase grants (commerce-service/data/books.json). */
  file_keys: string[];
  /** 'month' for a subscription, null for a one-off purchase. */
  billing_interval: string | null;
}
