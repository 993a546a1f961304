/**
 * The pictures of 'A Look Inside Our Guides' (docs/product.md#shop, #constants-and-limits: 3 images
 * per eBook).
 */
export interface PreviewSlide {
  src: string;
  alt: string;
}

/** The books the shop shows the inside of, by the catalogue's kind. */
export type PreviewKind = 'foundational' | 'case-studies';

/** Each book's cover first (its alt text goes on after the book's name), then two pages. */
const PREVIEWS: Record<PreviewKind, readonly PreviewSlide[]> = {
  foundational: [
    {
      src: '/images/shop/parents-cover.svg',
      alt: 'a parent and child reading together under a warm sun',
    },
    {
      src: '/images/shop/parents-chapter.svg',
      alt: 'A chapter page with a step-by-step checklist for a calm morning routine',
    },
    {
      src: '/images/shop/parents-audiobook.svg',
      alt: 'Headphones beside a phone playing the MP3 audiobook',
    },
  ],
  'case-studies': [
    {
      src: '/images/shop/case-studies-cover.svg',
      alt: 'five family houses along a winding path',
    },
    {
      src: '/images/shop/case-studies-progress.svg',
      alt: 'A progress chart rising week by week, from one of the family stories',
    },
    {
      src: '/images/shop/case-studies-templates.svg',
      alt: 'The progress-tracking template: a weekly grid with stars and notes',
    },
  ],
};

/** The slides of a book, its cover described as 'Cover of {name}: …'. */
export function previewSlides(kind: PreviewKind, name: string): PreviewSlide[] {
  const [cover, ...pages] = PREVIEWS[kind];
  return cover ? [{ ...cover, alt: `Cover of ${name}: ${cover.alt}` }, ...pages] : [...pages];
}
