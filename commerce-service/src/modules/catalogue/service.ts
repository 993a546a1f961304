import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import {
  listProductRows,
  upsertProducts,
  type ProductRow,
  type ProductSeed,
} from './repository.ts';
import type { Product } from './schemas.ts';

const productSeedSchema = z.array(
  z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    description: z.string().min(1),
    price_cents: z.number().int().positive(),
    currency: z.string().regex(/^[a-z]{3}$/),
    type: z.enum(['digital', 'subscription']),
    kind: z.string().nullable(),
    images: z.array(z.string().startsWith('/')),
  }),
);

/** commerce-service/data/products.json, from src/ and from the compiled dist/ alike. */
const CATALOGUE_FILE = new URL('../../../data/products.json', import.meta.url);

export function readCatalogueFile(file: URL = CATALOGUE_FILE): ProductSeed[] {
  return productSeedSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export async function seedCatalogue(db: Kysely<Database>, seeds = readCatalogueFile()) {
  await upsertProducts(db, seeds);
}

export async function listProducts(db: Kysely<Database>): Promise<Product[]> {
  const rows = await listProductRows(db);
  return rows.map(toProduct);
}

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    currency: row.currency,
    images: JSON.parse(row.images) as string[],
    type: row.type,
  };
}
