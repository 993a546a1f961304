/**
 * The thank-you pages' own view of the three eBooks (spec §3 "Client-side product catalogue"),
 * keyed by slug. It holds only what the pages show; prices that are charged and the files a
 * purchase grants come from the commerce service (ARCHITECTURE: no fixed public file addresses).
 */
import type { ThankYouSlug } from './thank-you-route';

export type ThankYouProductType = 'foundational' | 'case-studies' | 'complete';

export interface ThankYouProduct {
  slug: ThankYouSlug;
  name: string;
  type: ThankYouProductType;
  description: string;
}

export const THANK_YOU_CATALOGUE: Record<ThankYouSlug, ThankYouProduct> = {
  'ebook-aba-for-parents': {
    slug: 'ebook-aba-for-parents',
    name: 'eBook ABA for Parents',
    type: 'foundational',
    description: 'Your Complete Guide to ABA Strategies',
  },
  'ebook-aba-case-studies': {
    slug: 'ebook-aba-case-studies',
    name: 'eBook ABA Case Studies',
    type: 'case-studies',
    description: 'Real Stories, Real Results',
  },
  'ebook-aba-complete-pack': {
    slug: 'ebook-aba-complete-pack',
    name: 'eBook ABA Complete Pack',
    type: 'complete',
    description: 'Your Complete ABA Resource Library',
  },
};

/** The product of a thank-you slug; unknown or missing slugs fall back to ABA for Parents (spec). */
export function thankYouProductForSlug(slug: string | null | undefined): ThankYouProduct {
  return (
    (slug && Object.hasOwn(THANK_YOU_CATALOGUE, slug)
      ? THANK_YOU_CATALOGUE[slug as ThankYouSlug]
      : undefined) ?? THANK_YOU_CATALOGUE['ebook-aba-for-parents']
  );
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
