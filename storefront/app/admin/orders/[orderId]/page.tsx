import type { Metadata } from 'next';
import { OrderAdmin } from '@/components/admin/order-admin';

export const metadata: Metadata = {
  title: 'Ordine',
  robots: { index: false },
};

type Params = Promise<{ orderId: string }>;

/** One order in the support console (docs/product.md#admin-orders), in Italian. */
export default async function AdminOrderPage({ params }: { params: Params }) {
  const { orderId } = await params;
  return (
    <main lang="it" className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <OrderAdmin orderId={orderId} />
    </main>
  );
}
