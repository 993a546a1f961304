import type { Metadata } from 'next';
import { OrdersAdmin } from '@/components/admin/orders-admin';

export const metadata: Metadata = {
  title: 'Gestione Ordini',
  robots: { index: false },
};

/** The support console's orders (docs/product.md#admin-orders), in Italian. */
export default function AdminOrdersPage() {
  return (
    <main lang="it" className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <OrdersAdmin />
    </main>
  );
}
