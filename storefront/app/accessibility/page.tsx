import { LegalPageView, legalMetadata } from '@/components/legal/legal-page-view';

// The accessibility statement (docs/product.md#accessibility), edited in the CMS like the legal
// pages. Served from the page cache: rendered again when the CMS publishes, else after a minute.
// The build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;
export const metadata = legalMetadata('accessibility');

export default function Page() {
  return <LegalPageView slug="accessibility" />;
}
