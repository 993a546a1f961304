'use client';
/**
 * The console's status panel (docs/product.md#shop-health): the mail outbox, webhooks, the last
 * CMS publish, Redis, the CMS and the stamped-PDF cache's disk, as a table whose states are
 * words, the colour only repeating them. For a page behind the admin gate; the API's 401 and
 * 403 are the last word on access.
 */
import { useState } from 'react';
import useSWR from 'swr';
import type { ShopHealth } from '@aba-shop/contract';
import { fetchShopHealth, SHOP_HEALTH_PATH } from '@/lib/commerce/api/shop-health';
import { accessDenial, adminFailureMessage } from '@/lib/admin/admin-failure';
import { HEALTH_STATE_WORDS, shopHealthRows, type HealthState } from '@/lib/admin/shop-health-rows';
import { AccessRefused } from './access-refused';
import { AdminDate } from './admin-date';
import { AdminSpinner } from './admin-spinner';
import { ErrorBanner } from './error-banner';
import { RefreshButton } from './paged-list';

const STATE_COLOURS: Record<HealthState, string> = {
  ok: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  down: 'border-red-200 bg-red-50 text-red-800',
  off: 'border-slate-200 bg-slate-50 text-slate-700',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
};

export function HealthPanel({ returnPath = '/admin' }: { returnPath?: string }) {
  const {
    data: health,
    error: loadError,
    isValidating,
    mutate,
  } = useSWR<ShopHealth>(SHOP_HEALTH_PATH, fetchShopHealth, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  // A failed refresh's banner can be closed; the next failure opens it again.
  const [dismissed, setDismissed] = useState<unknown>(null);

  const denied = accessDenial(loadError);
  const error =
    loadError && loadError !== dismissed
      ? adminFailureMessage(loadError, {
          service: 'Errore nel recupero dello stato del negozio',
          page: 'Errore sconosciuto',
        })
      : null;

  if (denied) return <AccessRefused status={denied} returnPath={returnPath} />;

  return (
    <section aria-labelledby="shop-health-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shop-health-title" className="text-xl font-bold text-slate-900">
          Stato del negozio
        </h2>
        <RefreshButton refreshing={isValidating} onRefresh={() => void mutate()} />
      </div>
      {error ? <ErrorBanner message={error} onDismiss={() => setDismissed(loadError)} /> : null}
      {!health ? (
        isValidating ? (
          <AdminSpinner label="Caricamento dello stato del negozio..." />
        ) : null
      ) : (
        // Scrolled sideways on a phone, by the keyboard too: it can take the focus.
        <div
          role="region"
          aria-label="Stato del negozio, tabella"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-slate-200"
        >
          <table className="w-full text-left text-sm">
            <caption className="px-4 py-2 text-left text-slate-600">
              Controllato alle <AdminDate iso={health.checkedAt} />
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Parte
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Stato
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Dettagli
                </th>
              </tr>
            </thead>
            <tbody>
              {shopHealthRows(health).map((row) => (
                <tr key={row.part} className="border-t border-slate-200">
                  <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                    {row.part}
                  </th>
                  <td className="px-4 py-2">
                    <span
                      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${STATE_COLOURS[row.state]}`}
                    >
                      {HEALTH_STATE_WORDS[row.state]}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-slate-700">
                    {row.details}
                    {row.at ? (
                      <>
                        {' '}
                        <AdminDate iso={row.at} />
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
