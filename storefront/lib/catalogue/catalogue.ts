/**
 * What the storefront derives from the catalogue the commerce service serves (GET
 * /api/products, docs/product.md#data): which products are the shop's eBooks, where a product's
 * thank-you page is, and the names pages put in their copy. Products are found by id, and the
 * storefront's own copy for a book (features, pictures, colours) by the catalogue's `kind`;
 * never by a display name, which the shop owner may change.
 */
import type { Product } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';

/** The list as GET /api/products serves it. */
export type Catalogue = readonly Product[];

/** The three eBooks the shop sells, by the catalogue's `kind`: the guide, the stories, the pack. */
export const EBOOK_KINDS = ['foundational', 'case-studies', 'complete'] as const;
export type EbookKind = (typeof EBOOK_KINDS)[number];

export function isEbookKind(kind: string | null): kind is EbookKind {
  return (EBOOK_KINDS as readonly (string | null)[]).includes(kind);
}

/**
 * The products the shop shows: only the three eBooks, the first of each kind (the list may
 * hold duplicates), in the catalogue's own order.
 */
export function pickShopEbooks<T extends { kind: string | null }>(products: readonly T[]): T[] {
  const seen = new Set<string>();
  return products.filter(({ kind }) => {
    if (!isEbookKind(kind) || seen.has(kind)) return false;
    seen.add(kind);
    return true;
  });
}

/** The shop's eBook of a kind, when the catalogue has one. */
export function ebookOfKind<T extends { kind: string | null }>(
  products: readonly T[] | null,
  kind: EbookKind,
): T | undefined {
  return products ? pickShopEbooks(products).find((product) => product.kind === kind) : undefined;
}

/** The monthly membership the shop sells: the first product of the catalogue's `membership` kind. */
export function membershipOf<T extends { kind: string | null }>(
  products: readonly T[] | null,
): T | undefined {
  return products?.find((product) => product.kind === 'membership');
}

/** A price as a page says it: '$27.99', and for a subscription '$9.99 a month'. */
export function pricePerPeriod(product: Pick<Product, 'price' | 'currency' | 'interval'>): string {
  const price = formatPrice(product.price, product.currency);
  return product.interval ? `${price} a ${product.interval}` : price;
}

/** A book's name without its leading 'eBook': the title a sentence names it by. */
export function shortTitle(name: string): string {
  return name.replace(/^e-?book\s+/i, '');
}

/** 'Both eBooks: {guide} and {stories}', what the pack holds, by short titles. */
export function packContents(products: Catalogue | null): string {
  const guide = ebookOfKind(products, 'foundational');
  const stories = ebookOfKind(products, 'case-studies');
  return guide && stories
    ? `Both eBooks: ${shortTitle(guide.name)} and ${shortTitle(stories.name)}`
    : 'Both eBooks';
}

/** Product id → the slug of its own thank-you page, for the eBooks (docs/product.md#thank-you-pages). */
export type ThankYouPages = Readonly<Record<string, string>>;

export function thankYouPages(products: Catalogue | null): ThankYouPages {
  return Object.fromEntries(
    pickShopEbooks(products ?? []).map((product) => [product.id, product.slug]),
  );
}

export const GENERIC_THANK_YOU_PATH = '/thank-you';

/**
 * The thank-you page of a product: an eBook's own page, else the generic one; with
 * `?sessionId=` when there is one.
 */
export function thankYouRoute(
  pages: ThankYouPages,
  productId: string,
  sessionId?: string | null,
): string {
  const slug = Object.hasOwn(pages, productId) ? pages[productId] : undefined;
  const path = slug ? `${GENERIC_THANK_YOU_PATH}/${slug}` : GENERIC_THANK_YOU_PATH;
  return sessionId ? `${path}?sessionId=${encodeURIComponent(sessionId)}` : path;
}

/** Where the success page sends the buyer after its pause: the first product's page. */
export function thankYouRouteAfterPurchase(
  pages: ThankYouPages,
  products: readonly { productId: string }[],
  sessionId: string,
): string {
  const [first] = products;
  return first ? thankYouRoute(pages, first.productId, sessionId) : GENERIC_THANK_YOU_PATH;
}
