'use client';
/** /admin/orders/{orderId} behind its gate: only an administrator's browser asks for the order. */
import { AdminArea } from './admin-area';
import { orderViewPath } from './order-list';
import { OrderView } from './order-view';

export function OrderAdmin({ orderId }: { orderId: string }) {
  const returnPath = orderViewPath(orderId);
  return (
    <AdminArea section="orders" returnPath={returnPath}>
      <OrderView orderId={orderId} returnPath={returnPath} />
    </AdminArea>
  );
}
