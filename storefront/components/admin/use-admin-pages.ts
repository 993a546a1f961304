'use client';
/**
 * A searched, paged admin list (docs/product.md#states): the pages loaded so far for one search,
 * 'Carica altri' asking for the page after the last, and a reload of every page shown. A new
 * search starts again from its first page.
 */
import useSWRInfinite from 'swr/infinite';
import type { AdminPageRequest } from '@/lib/commerce/api/admin-page';
import { accessDenial } from '@/lib/admin/admin-failure';

interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

type PageKey = readonly [path: string, q: string, cursor: string | null];

export function useAdminPages<Item>({
  path,
  q,
  fetchPage,
  onError,
}: {
  /** The list's API path: with the search, the key the pages are kept under. */
  path: string;
  q: string;
  fetchPage: (request: AdminPageRequest) => Promise<Page<Item>>;
  /** A failed load other than a refused access (which `denied` reports). */
  onError: (caught: unknown) => void;
}) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<
    Page<Item>,
    unknown,
    (index: number, previous: Page<Item> | null) => PageKey | null
  >(
    (index, previous) => {
      if (index === 0) return [path, q, null];
      return previous?.nextCursor ? [path, q, previous.nextCursor] : null;
    },
    ([, search, cursor]: PageKey) => fetchPage({ q: search, cursor }),
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
    items: pages.flatMap((page) => page.items),
    /** True until the first page's answer (the 'Caricamento...' state). */
    loading: isLoading,
    /** True while the pages shown load, the first one included ('Aggiornamento...'). */
    refreshing: isValidating && !loadingMore,
    /** True while the page after the last one shown is on its way ('Caricamento...'). */
    loadingMore,
    hasMore: Boolean(last?.nextCursor),
    // After a failed 'Carica altri' the size already counts the missing page: load it again.
    loadMore: () => (size > pages.length ? mutate() : setSize(pages.length + 1)),
    /** The server refused access to the list: 401 (signed out) or 403 (not an admin). */
    denied: accessDenial(error),
    /** No page could be loaded at all (the caller's banner says why). */
    failed: Boolean(error) && pages.length === 0,
    /** Loads every page shown again. */
    reload: () => mutate(),
  };
}
