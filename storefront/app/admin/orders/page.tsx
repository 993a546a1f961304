import { AdminPage, adminPageMetadata } from '@/components/admin/admin-page';
import { OrdersAdmin } from '@/components/admin/orders-admin';

export const metadata = adminPageMetadata('Gestione Ordini');

/** The support console's orders (docs/product.md#admin-orders). */
export default function AdminOrdersPage() {
  return (
    <AdminPage>
      <OrdersAdmin />
    </AdminPage>
  );
}
