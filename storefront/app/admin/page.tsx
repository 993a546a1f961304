import { AdminPage, adminPageMetadata } from '@/components/admin/admin-page';
import { SalesAdmin } from '@/components/admin/sales-admin';

export const metadata = adminPageMetadata('Panoramica vendite');

/** The administrators' landing page: the shop's figures (docs/product.md#admin-overview). */
export default function AdminOverviewPage() {
  return (
    <AdminPage>
      <SalesAdmin />
    </AdminPage>
  );
}
