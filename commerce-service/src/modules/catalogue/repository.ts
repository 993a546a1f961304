import type { Kysely } from 'kysely';
import type { ProductSeed } from '@aba-shop/contract';
import type { Database, ProductTable } from '../../db/schema.ts';

export type ProductRow = ProductTable;

export function listProductRows(db: Kysely<Database>): Promise<ProductRow[]> {
  return db.selectFrom('products').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findProductRows(db: Kysely<Database>, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

/**
 * Writes the catalogue data file into the database. The file is the source of truth for
 * products, so a changed price or name in it replaces the stored one on the next start.
 */
export async function upsertProducts(db: Kysely<Database>, seeds: ProductSeed[]): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [index, seed] of seeds.entries()) {
      const row = {
        ...seed,
        images: JSON.stringify(seed.images),
        file_keys: JSON.stringify(seed.file_keys),
        sort_order: index,
      };
      await trx
        .insertInto('products')
        .values({ ...row, created_at: now })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
        .execute();
    }
  });
}
