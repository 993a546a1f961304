import { AdminPage, adminPageMetadata } from '@/components/admin/admin-page';
import { OrderAdmin } from '@/components/admin/order-admin';

export const metadata = adminPageMetadata('Ordine');

type Params = Promise<{ orderId: string }>;

/** One order in the support console (docs/product.md#admin-orders). */
export default async function AdminOrderPage({ params }: { params: Params }) {
  const { orderId } = await params;
  return (
    <AdminPage>
      <OrderAdmin orderId={orderId} />
    </AdminPage>
  );
}
