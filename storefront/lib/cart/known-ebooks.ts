/**
 * The three eBooks the shop sells (spec §1, §3). The shop shows only these, and a cart holding
 * just one of them may go to its hosted payment link instead of a checkout session (spec §7).
 */
export const KNOWN_EBOOK_NAMES = [
  'eBook ABA for Parents',
  'eBook ABA Case Studies',
  'eBook ABA Complete Pack',
] as const;

export type KnownEbookName = (typeof KNOWN_EBOOK_NAMES)[number];

export const COMPLETE_PACK_NAME: KnownEbookName = 'eBook ABA Complete Pack';

export function isKnownEbook(name: string): name is KnownEbookName {
  return (KNOWN_EBOOK_NAMES as readonly string[]).includes(name);
}

/**
 * The products the shop shows: only the known eBooks, the first of each name (the list may
 * hold duplicates), in the catalogue's own order.
 */
export function pickShopEbooks<T extends { name: string }>(products: T[]): T[] {
  const seen = new Set<string>();
  return products.filter((product) => {
    if (!isKnownEbook(product.name) || seen.has(product.name)) return false;
    seen.add(product.name);
    return true;
  });
}
