/** The pictures of 'A Look Inside Our Guides' (spec §2 Shop, §9: 3 images per eBook). */
export interface PreviewSlide {
  src: string;
  alt: string;
}

export const PARENTS_PREVIEW: readonly PreviewSlide[] = [
  {
    src: '/images/shop/parents-cover.svg',
    alt: 'Cover of eBook ABA for Parents: a parent and child reading together under a warm sun',
  },
  {
    src: '/images/shop/parents-chapter.svg',
    alt: 'A chapter page with a step-by-step checklist for a calm morning routine',
  },
  {
    src: '/images/shop/parents-audiobook.svg',
    alt: 'Headphones beside a phone playing the MP3 audiobook',
  },
];

export const CASE_STUDIES_PREVIEW: readonly PreviewSlide[] = [
  {
    src: '/images/shop/case-studies-cover.svg',
    alt: 'Cover of eBook ABA Case Studies: five family houses along a winding path',
  },
  {
    src: '/images/shop/case-studies-progress.svg',
    alt: 'A progress chart rising week by week, from one of the family stories',
  },
  {
    src: '/images/shop/case-studies-templates.svg',
    alt: 'The progress-tracking template: a weekly grid with stars and notes',
  },
];
