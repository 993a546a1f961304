import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { Config } from '../../config.ts';
import { findProductRows, listProductRows, upsertProducts, type ProductRow } from './repository.ts';
import type { Product, ProductSeed } from '@aba-shop/contract';

const slug = z.string().regex(/^[a-z0-9-]+$/);

const productSeedSchema = z.array(
  z.object({
    id: slug,
    slug,
    name: z.string().min(1),
    description: z.string().min(1),
    price_cents: z.number().int().positive(),
    currency: z.string().regex(/^[a-z]{3}$/),
    type: z.enum(['digital', 'subscription']),
    kind: z.string().nullable(),
    images: z.array(z.string().startsWith('/')),
    file_keys: z.array(z.string().regex(/^[a-z0-9-]+\.(pdf|mp3)$/)),
    billing_interval: z.enum(['month', 'year']).nullable(),
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

/** A product as the rest of the service uses it: with its files and price in cents. */
export interface CatalogueProduct extends Product {
  fileKeys: string[];
}

export interface CatalogueDependencies {
  db: Kysely<Database>;
  config: Config;
}

export async function listProducts({ db, config }: CatalogueDependencies): Promise<Product[]> {
  const rows = await listProductRows(db);
  return rows
    .map((row) => toProduct(row, config))
    .map(({ fileKeys: _fileKeys, ...product }) => product);
}

/** The products with these ids, by id; unknown ids are simply absent. */
export async function findProducts(
  { db, config }: CatalogueDependencies,
  ids: string[],
): Promise<Map<string, CatalogueProduct>> {
  const rows = await findProductRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, toProduct(row, config)]));
}

/**
 * Each eBook's picture, by book (`aba-for-parents`): the first image of the product that sells
 * that book's files alone, for the buyer's library.
 */
export async function bookCovers({
  db,
  config,
}: CatalogueDependencies): Promise<Map<string, string>> {
  const covers = new Map<string, string>();
  for (const product of (await listProductRows(db)).map((row) => toProduct(row, config))) {
    const books = new Set(product.fileKeys.map((key) => key.replace(/\.[a-z0-9]+$/, '')));
    const [book] = books;
    if (books.size === 1 && book && product.images[0]) covers.set(book, product.images[0]);
  }
  return covers;
}

/** A strong ETag for a JSON body, so clients and caches can revalidate cheaply. */
export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

function toProduct(row: ProductRow, config: Config): CatalogueProduct {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: row.price_cents,
    currency: row.currency,
    images: JSON.parse(row.images) as string[],
    type: row.type,
    kind: row.kind,
    interval: row.billing_interval,
    paymentLinkUrl: config.PRODUCT_PAYMENT_LINKS[row.id] ?? null,
    fileKeys: JSON.parse(row.file_keys) as string[],
  };
}
