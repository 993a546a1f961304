/**
 * The catalogue the commerce service seeds from commerce-service/data/products.json, as GET
 * /api/products serves it, so that a test reads the names and prices a visitor's page shows.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '@aba-shop/contract';
import type { ProductSeed } from '@aba-shop/contract';
import { cannedReplies } from '@/lib/chat/client/canned-replies';
import { chatCatalogue } from '@/lib/chat/server/chat-catalogue';

const SEED_FILE = path.resolve(__dirname, '../../commerce-service/data/products.json');

export const SEEDED_CATALOGUE: Product[] = (
  JSON.parse(readFileSync(SEED_FILE, 'utf8')) as ProductSeed[]
).map((seed) => ({
  id: seed.id,
  slug: seed.slug,
  name: seed.name,
  description: seed.description,
  price: seed.price_cents,
  currency: seed.currency,
  images: seed.images,
  type: seed.type,
  kind: seed.kind,
  interval: seed.billing_interval,
  paymentLinkUrl: null,
}));

/** What the chat says of the seeded eBooks, and its canned replies with their names and prices. */
export const SEEDED_CHAT_CATALOGUE = chatCatalogue(SEEDED_CATALOGUE);
export const SEEDED_CANNED_REPLIES = cannedReplies(SEEDED_CHAT_CATALOGUE);
