/**
 * The orders a search found (docs/product.md#admin-orders): a table from the md breakpoint up and
 * cards below it, as the subscription records are shown. Each order opens its view.
 */
import Link from 'next/link';
import type { AdminOrder } from '@aba-shop/contract';
import { AdminDate } from './admin-date';
import { AdminCard, AdminCards, AdminTable, Fact } from './admin-table';
import { FileDownloads, OrderProducts, OrderStatus, OrderTotal } from './order-facts';

export const orderViewPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

function OpenOrder({ order }: { order: AdminOrder }) {
  return (
    <Link
      href={orderViewPath(order.orderId)}
      aria-label={`Apri l'ordine ${order.orderId} di ${order.email}`}
      className="inline-block rounded-md border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
    >
      Apri
    </Link>
  );
}

const COLUMNS = ['Data', 'Email', 'Prodotti', 'Totale', 'Stato', 'Download', 'Ordine'];

export function OrderTable({ orders }: { orders: AdminOrder[] }) {
  return (
    <AdminTable columns={COLUMNS}>
      {orders.map((order) => (
        <tr key={order.orderId} className="align-top hover:bg-slate-50">
          <td className="whitespace-nowrap px-4 py-3 text-slate-700">
            <AdminDate iso={order.createdAt} />
          </td>
          <td className="px-4 py-3 [overflow-wrap:anywhere]">{order.email}</td>
          <td className="px-4 py-3">
            <OrderProducts lines={order.lines} />
          </td>
          <td className="whitespace-nowrap px-4 py-3">
            <OrderTotal order={order} />
          </td>
          <td className="px-4 py-3">
            <OrderStatus order={order} />
          </td>
          <td className="px-4 py-3">
            <FileDownloads files={order.files} />
          </td>
          <td className="px-4 py-3">
            <OpenOrder order={order} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function OrderCards({ orders }: { orders: AdminOrder[] }) {
  return (
    <AdminCards label="Ordini">
      {orders.map((order) => (
        <AdminCard
          key={order.orderId}
          email={order.email}
          facts={
            <>
              <Fact term="Data">
                <AdminDate iso={order.createdAt} />
              </Fact>
              <Fact term="Prodotti">
                <OrderProducts lines={order.lines} />
              </Fact>
              <Fact term="Totale">
                <OrderTotal order={order} />
              </Fact>
              <Fact term="Stato">
                <OrderStatus order={order} />
              </Fact>
              <Fact term="Download">
                <FileDownloads files={order.files} />
              </Fact>
            </>
          }
          actions={<OpenOrder order={order} />}
        />
      ))}
    </AdminCards>
  );
}
