import 'server-only';
import { productListSchema, type Product } from '@aba-shop/contract';
import { storefrontConfig } from '../config';
import { callCommerce } from './client';
import { serverLog } from '@/lib/server-log';

export const PRODUCTS_TAG = 'commerce:products';

/** A commerce service that hangs must not hold the shop and home pages: give up like the CMS. */
export const COMMERCE_TIMEOUT_MS = 8_000;

/** The catalogue, with prices in cents, straight from the commerce service. */
export function getProducts(): Promise<Product[]> {
  return callCommerce(
    { path: '/api/products', answer: productListSchema },
    {
      origin: storefrontConfig().COMMERCE_URL,
      timeoutMs: COMMERCE_TIMEOUT_MS,
      init: { next: { tags: [PRODUCTS_TAG], revalidate: 60 } },
    },
  );
}

/**
 * The catalogue, or null when the commerce service cannot give it: for the pages that render
 * without it (docs/adr/0015-one-commerce-client-and-catalogue.md says what each shows).
 */
export const readCatalogue = (): Promise<Product[] | null> => getProducts().catch(() => null);

/**
 * The catalogue for a page that shows it (the shop, the membership page), or null when the
 * commerce service cannot give it, the reason logged. Not during the build, which renders the
 * pages without the shop API and whose copies are never served.
 */
export const readCatalogueForPage = (page: string): Promise<Product[] | null> =>
  getProducts().catch((error: unknown) => {
    if (process.env.NEXT_PHASE !== 'phase-production-build')
      serverLog.error(`${page} could not load the products:`, error);
    return null;
  });
