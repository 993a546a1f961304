'use client';
/** /admin/orders behind its gate: only an administrator's browser asks for the orders. */
import { AdminArea } from './admin-area';
import { ADMIN_SECTIONS } from './admin-nav';
import { OrdersManager } from './orders-manager';

const RETURN_PATH = ADMIN_SECTIONS.orders.href;

export function OrdersAdmin() {
  return (
    <AdminArea section="orders" returnPath={RETURN_PATH}>
      <OrdersManager returnPath={RETURN_PATH} />
    </AdminArea>
  );
}
