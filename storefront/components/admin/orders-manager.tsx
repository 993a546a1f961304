'use client';
/**
 * The support console's orders (docs/product.md#admin-orders, #states): every order newest first,
 * or those an e-mail, an order id or a checkout session id finds, page by page, with the loading,
 * empty and error states. The API's 401 and 403 are the last word on access.
 */
import { useState } from 'react';
import { ADMIN_ORDERS_PATH, fetchAdminOrderPage } from '@/lib/commerce/api/admin-orders';
import { orderFailureMessage } from '@/lib/admin/order-failure';
import { AccessRefused } from './access-refused';
import { AdminSearchForm } from './admin-search-form';
import { ErrorBanner } from './error-banner';
import { OrderCards, OrderTable } from './order-list';
import { ListPageHeader, PagedList, RefreshButton } from './paged-list';
import { useAdminPages } from './use-admin-pages';

/** What the live region says once the orders are shown. */
function ordersSummary(count: number, q: string): string {
  const orders = count === 1 ? '1 ordine' : `${count} ordini`;
  if (q) return `${orders} ${count === 1 ? 'trovato' : 'trovati'} per "${q}"`;
  return `${orders} ${count === 1 ? 'mostrato' : 'mostrati'}`;
}

export function OrdersManager({ returnPath }: { returnPath: string }) {
  const [error, setError] = useState<string | null>(null);
  const orders = useAdminPages({
    path: ADMIN_ORDERS_PATH,
    fetchPage: fetchAdminOrderPage,
    onError: (caught) => setError(orderFailureMessage(caught, 'list')),
  });

  if (orders.denied) return <AccessRefused status={orders.denied} returnPath={returnPath} />;

  const count = orders.items.length;
  return (
    <div className="space-y-6">
      <ListPageHeader title="Gestione Ordini">
        <RefreshButton
          refreshing={orders.refreshing}
          onRefresh={() => {
            setError(null);
            void orders.reload();
          }}
        />
      </ListPageHeader>

      <AdminSearchForm
        label="Cerca per email, ID ordine o ID sessione"
        hint="Scrivi l'email, il numero d'ordine (ABA-…), l'ID ordine (ord_…) o l'ID sessione (cs_…) completo: la ricerca trova solo corrispondenze esatte."
        applied={orders.q}
        onSearch={(q) => {
          setError(null);
          orders.search(q);
        }}
      />

      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} /> : null}

      <PagedList
        list={orders}
        title="Ordini"
        summary={ordersSummary(count, orders.q)}
        loadingLabel="Caricamento ordini..."
        failedText='Non è stato possibile caricare gli ordini. Usa "Aggiorna" per riprovare.'
        empty={{
          title: 'Nessun ordine trovato',
          text: 'Non ci sono ancora ordini.',
          noMatch: (q) => `Nessun ordine corrisponde a "${q}".`,
        }}
      >
        <OrderTable orders={orders.items} />
        <OrderCards orders={orders.items} />
      </PagedList>
    </div>
  );
}
