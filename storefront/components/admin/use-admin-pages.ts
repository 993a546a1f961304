'use client';
/**
 * A searched, paged admin list (docs/product.md#states): the pages loaded so far for one search,
 * 'Carica altri' asking for the page after the last, and a reload of every page shown. Every
 * search asks the server again from the first page, even one made before: support searches
 * because something has just happened.
 */
import { useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { AdminPageRequest } from '@/lib/commerce/api/admin-page';
import { accessDenial } from '@/lib/admin/admin-failure';

interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

type PageKey = readonly [path: string, q: string, searchNumber: number, cursor: string | null];

export function useAdminPages<Item>({
  path,
  fetchPage,
  onError,
}: {
  /** The list's API path: with the search, the key the pages are kept under. */
  path: string;
  fetchPage: (request: AdminPageRequest) => Promise<Page<Item>>;
  /** A failed load other than a refused access (which `denied` reports). */
  onError: (caught: unknown) => void;
}) {
  const [search, setSearch] = useState({ q: '', number: 0 });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<
    Page<Item>,
    unknown,
    (index: number, previous: Page<Item> | null) => PageKey | null
  >(
    (index, previous) => {
      if (index === 0) return [path, search.q, search.number, null];
      return previous?.nextCursor ? [path, search.q, search.number, previous.nextCursor] : null;
    },
    ([, q, , cursor]: PageKey) => fetchPage({ q, cursor }),
    {
      // The admin reloads with 'Aggiorna'; a list that changes under the cursor helps nobody.
      revalidateOnFocus: false,
      revalidateFirstPage: false,
      shouldRetryOnError: false,
      onError: (caught) => {
        if (!accessDenial(caught)) onError(caught);
      },
    },
  );

  const pages = data ?? [];
  const last = pages.at(-1);
  const loadingMore = pages.length > 0 && size > pages.length && (isValidating || !error);
  return {
    /** The search the list shows; empty for everything. */
    q: search.q,
    search: (q: string) => setSearch(({ number }) => ({ q, number: number + 1 })),
    items: pages.flatMap((page) => page.items),
    /** True until the first page's answer (the 'Caricamento...' state). */
    loading: isLoading,
    /** True while the pages shown load, the first one included ('Aggiornamento...'). */
    refreshing: isValidating && !loadingMore,
    /** True while the page after the last one shown is on its way ('Caricamento...'). */
    loadingMore,
    hasMore: Boolean(last?.nextCursor),
    // After a failed 'Carica altri' the size already counts the missing page: load that one only.
    loadMore: () =>
      size > pages.length
        ? mutate(data, { revalidate: (page) => page === undefined })
        : setSize(pages.length + 1),
    /** The server refused access to the list: 401 (signed out) or 403 (not an admin). */
    denied: accessDenial(error),
    /** No page could be loaded at all (the caller's banner says why). */
    failed: Boolean(error) && pages.length === 0,
    /** Loads every page shown again. */
    reload: () => mutate(),
  };
}
