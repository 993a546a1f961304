/**
 * A thank-you route's page (docs/product.md#thank-you-pages): it reads the catalogue, then the
 * purchase's `?sessionId`, and shows the view `render` makes of them.
 */
import type { ReactNode } from 'react';
import type { Catalogue } from '@/lib/catalogue/catalogue';
import { sessionIdParam } from '@/lib/checkout/session-id-param';
import { readCatalogue } from '@/lib/commerce/products';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export interface ThankYouPageInput {
  /** Null when the catalogue could not be read. */
  catalogue: Catalogue | null;
  sessionId: string | null;
}

export function thankYouPage(render: (input: ThankYouPageInput) => ReactNode) {
  return async function ThankYouPage({ searchParams }: { searchParams: SearchParams }) {
    const catalogue = await readCatalogue();
    return render({ catalogue, sessionId: sessionIdParam(await searchParams) });
  };
}
