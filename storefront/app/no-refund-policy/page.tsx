import { LegalPageView, legalMetadata } from '@/components/legal/legal-page-view';

// Rendered per request from cached CMS content, so a published change shows at once.
export const dynamic = 'force-dynamic';
export const metadata = legalMetadata('no-refund-policy');

export default function Page() {
  return <LegalPageView slug="no-refund-policy" />;
}
