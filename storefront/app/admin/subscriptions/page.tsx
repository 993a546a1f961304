import { AdminPage, adminPageMetadata } from '@/components/admin/admin-page';
import { SubscriptionRecordsAdmin } from '@/components/admin/subscription-records-admin';

export const metadata = adminPageMetadata('Gestione Subscription Records');

/** The support staff's area (docs/product.md#admin-subscription-records). */
export default function AdminSubscriptionsPage() {
  return (
    <AdminPage>
      <SubscriptionRecordsAdmin />
    </AdminPage>
  );
}
