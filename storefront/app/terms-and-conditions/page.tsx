import { LegalPageView, legalMetadata } from '@/components/legal/legal-page-view';

// Served from the page cache: rendered again when the CMS publishes, else after a minute. The
// build's copy, made without the CMS, is never served (storefront/cache-handler.mjs).
export const revalidate = 60;
export const metadata = legalMetadata('terms-and-conditions');

export default function Page() {
  return <LegalPageView slug="terms-and-conditions" />;
}
