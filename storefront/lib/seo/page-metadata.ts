import type { Metadata } from 'next';
import { SITE_NAME } from './structured-data';

/** The shop's link-preview picture (storefront/assets/opengraph-image.svg, rendered). */
export const SHARE_IMAGE = {
  url: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'ABA Parent Guides: practical ABA strategies for parents of autistic children',
};

/**
 * A page's title, description, canonical address and link preview. Next.js does not carry a
 * page's title into Open Graph by itself, so every page states both through this one helper.
 */
export function pageMetadata({
  title,
  description,
  path,
  locale = 'en_US',
  type = 'website',
  absoluteTitle = false,
}: {
  title: string;
  description: string;
  path: string;
  locale?: 'en_US' | 'it_IT';
  type?: 'website' | 'article';
  absoluteTitle?: boolean;
}): Metadata {
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: path },
    openGraph: {
      title: absoluteTitle ? title : `${title} | ${SITE_NAME}`,
      description,
      url: path,
      siteName: SITE_NAME,
      locale,
      type,
      images: [SHARE_IMAGE],
    },
  };
}
