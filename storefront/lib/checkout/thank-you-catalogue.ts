/**
 * The thank-you pages' view of the three eBooks (docs/product.md#data, #thank-you-pages): the
 * catalogue's product (its id, name, slug and price, from the commerce service) with the
 * pages' own words and colours for its kind. Prices that are charged and the files a purchase
 * grants come from the commerce service (docs/product.md#thank-you-pages: no fixed public
 * file addresses).
 */
import {
  ebookOfKind,
  EBOOK_KINDS,
  type Catalogue,
  type EbookKind,
} from '@/lib/catalogue/catalogue';

export type ThankYouProductType = EbookKind;

export interface ThankYouProduct {
  type: ThankYouProductType;
  /** The line under the page's heading. */
  description: string;
  /** The catalogue's product; null when the catalogue could not be read. */
  catalogued: { id: string; slug: string; name: string; price: number; currency: string } | null;
}

const DESCRIPTIONS: Record<ThankYouProductType, string> = {
  foundational: 'Your Complete Guide to ABA Strategies',
  'case-studies': 'Real Stories, Real Results',
  complete: 'Your Complete ABA Resource Library',
};

/** The page of an eBook kind, with the catalogue's product of that kind when there is one. */
export function thankYouProduct(
  catalogue: Catalogue | null,
  type: ThankYouProductType,
): ThankYouProduct {
  const product = ebookOfKind(catalogue, type);
  return {
    type,
    description: DESCRIPTIONS[type],
    catalogued: product
      ? {
          id: product.id,
          slug: product.slug,
          name: product.name,
          price: product.price,
          currency: product.currency,
        }
      : null,
  };
}

/**
 * The eBook whose page a slug names, or null: the generic page under any other slug falls back
 * to the foundational guide (docs/product.md#thank-you-pages).
 */
export function thankYouKindForSlug(
  catalogue: Catalogue | null,
  slug: string | null | undefined,
): ThankYouProductType | null {
  return EBOOK_KINDS.find((kind) => slug && ebookOfKind(catalogue, kind)?.slug === slug) ?? null;
}

/** The product of a thank-you slug; unknown or missing slugs fall back to the foundational guide. */
export function thankYouProductForSlug(
  catalogue: Catalogue | null,
  slug: string | null | undefined,
): ThankYouProduct {
  return thankYouProduct(catalogue, thankYouKindForSlug(catalogue, slug) ?? 'foundational');
}

export interface ThankYouTheme {
  /** The page's top band. */
  hero: string;
  /** Filled buttons and step numbers (white text on it). */
  solid: string;
  /** Headings' accent text. */
  accent: string;
  /** Light boxes (benefits, tips). */
  soft: string;
  /** The closing banner (white text on it). */
  banner: string;
}

// Full class names, written out so Tailwind finds them. Every solid colour keeps white text
// above the WCAG AA contrast ratio.
const THEMES: Record<ThankYouProductType, ThankYouTheme> = {
  foundational: {
    hero: 'bg-gradient-to-b from-emerald-50 to-white',
    solid: 'bg-emerald-700 text-white hover:bg-emerald-800',
    accent: 'text-emerald-800',
    soft: 'border-emerald-200 bg-emerald-50',
    banner: 'bg-emerald-800 text-white',
  },
  'case-studies': {
    hero: 'bg-gradient-to-b from-sky-50 to-white',
    solid: 'bg-blue-700 text-white hover:bg-blue-800',
    accent: 'text-blue-800',
    soft: 'border-blue-200 bg-blue-50',
    banner: 'bg-blue-800 text-white',
  },
  complete: {
    hero: 'bg-gradient-to-b from-purple-50 via-pink-50 to-white',
    solid: 'bg-purple-700 text-white hover:bg-purple-800',
    accent: 'text-purple-800',
    soft: 'border-pink-200 bg-pink-50',
    banner: 'bg-gradient-to-r from-purple-800 to-pink-700 text-white',
  },
};

/** Green for the foundational guide, blue for the case studies, purple and pink for the pack. */
export function themeForType(type: ThankYouProductType): ThankYouTheme {
  return THEMES[type];
}
