import { LegalPageView, legalMetadata } from '@/components/legal/legal-page-view';

// Rendered per request from cached CMS content, so a published change shows at once.
export const dynamic = 'force-dynamic';
export const metadata = legalMetadata('terms-and-conditions');

export default function Page() {
  return <LegalPageView slug="terms-and-conditions" />;
}
