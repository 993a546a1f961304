import { AdminPage, adminPageMetadata } from '@/components/admin/admin-page';
import { DataRequestsAdmin } from '@/components/admin/data-requests-admin';

export const metadata = adminPageMetadata('Richieste dati');

/** The support console's data requests (docs/product.md#your-data). */
export default function AdminDataRequestsPage() {
  return (
    <AdminPage>
      <DataRequestsAdmin />
    </AdminPage>
  );
}
