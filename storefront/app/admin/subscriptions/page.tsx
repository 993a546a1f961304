import type { Metadata } from 'next';
import { SubscriptionRecordsAdmin } from '@/components/admin/subscription-records-admin';

export const metadata: Metadata = {
  title: 'Gestione Subscription Records',
  robots: { index: false },
};

/** The support staff's area (docs/product.md#admin-subscription-records), in Italian. */
export default function AdminSubscriptionsPage() {
  return (
    <main lang="it" className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <SubscriptionRecordsAdmin />
    </main>
  );
}
