import 'server-only';
import { productListSchema, type Product } from 'commerce-service/contract';
import { storefrontConfig } from '../config';

export class CommerceError extends Error {
  override name = 'CommerceError';
}

export const PRODUCTS_TAG = 'commerce:products';

/** A commerce service that hangs must not hold the shop and home pages: give up like the CMS. */
export const COMMERCE_TIMEOUT_MS = 8_000;

/** The catalogue, with prices in cents, straight from the commerce service. */
export async function getProducts(): Promise<Product[]> {
  const url = new URL('/api/products', storefrontConfig().COMMERCE_URL);
  let response: Response;
  try {
    response = await fetch(url, {
      next: { tags: [PRODUCTS_TAG], revalidate: 60 },
      signal: AbortSignal.timeout(COMMERCE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CommerceError(`The commerce service is not reachable (${(error as Error).message})`);
  }
  if (!response.ok) throw new CommerceError(`The commerce service answered ${response.status}`);
  return productListSchema.parse(await response.json());
}
