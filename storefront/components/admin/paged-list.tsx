'use client';
/**
 * A searched, paged admin list's section (docs/product.md#states): its heading with the count of
 * items shown, then the loading, failed or empty state or the items, and 'Carica altri' while
 * the server has more. A polite live region says how many items a search or a further page
 * brought; when the last page takes the button away from the keyboard, the focus goes to the
 * heading, which reads the new count.
 */
import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import { AdminSpinner } from './admin-spinner';

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 break-words text-slate-600">{text}</p>
    </div>
  );
}

/** What a paged list's section reads of the list (useAdminPages). */
export interface PagedListState {
  items: readonly unknown[];
  /** The search the list shows; empty for everything. */
  q: string;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => unknown;
}

export function PagedList({
  list,
  title,
  summary,
  loadingLabel,
  failedText,
  empty,
  children,
}: {
  list: PagedListState;
  /** The heading, which gains the count of items shown ('Ordini (3)'). */
  title: string;
  /** What the live region says once the items are shown ('3 ordini mostrati'). */
  summary: string;
  loadingLabel: string;
  failedText: string;
  /** The empty state's title, and its text without a search and for one that finds nothing. */
  empty: { title: string; text: string; noMatch: (q: string) => string };
  children: ReactNode;
}) {
  const { loading, failed, hasMore, loadingMore } = list;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const moreHadFocus = useRef(false);

  // Once a further page has come: the button is back for the next one, or gone after the last.
  useEffect(() => {
    if (loadingMore) return;
    if (!hasMore && moreHadFocus.current) headingRef.current?.focus();
    moreHadFocus.current = false;
  }, [hasMore, loadingMore]);

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2
        ref={headingRef}
        id={headingId}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-emerald-700"
      >
        {`${title} (${list.items.length})`}
      </h2>
      <p className="sr-only" aria-live="polite">
        {loading || failed ? '' : summary}
      </p>
      {loading ? (
        <AdminSpinner label={loadingLabel} />
      ) : failed ? (
        <p className="rounded-2xl border border-slate-200 p-6 text-center text-slate-700">
          {failedText}
        </p>
      ) : list.items.length === 0 ? (
        <EmptyState title={empty.title} text={list.q ? empty.noMatch(list.q) : empty.text} />
      ) : (
        <>
          {children}
          {hasMore ? (
            <div className="flex justify-center">
              <button
                ref={moreRef}
                type="button"
                onClick={() => {
                  moreHadFocus.current = document.activeElement === moreRef.current;
                  void list.loadMore();
                }}
                disabled={loadingMore}
                className="rounded-lg border border-slate-300 px-6 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
              >
                {loadingMore ? 'Caricamento...' : 'Carica altri'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * A list page's header: its title, which takes the focus back when a dialog closes if given a
 * ref, and the page's actions ('Aggiorna' and the like).
 */
export function ListPageHeader({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <h1
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-3xl font-bold text-slate-900 outline-none"
      >
        {title}
      </h1>
      {children}
    </div>
  );
}

/** 'Aggiorna': loads the pages shown again, and says so while any load runs. */
export function RefreshButton({
  refreshing,
  onRefresh,
}: {
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      disabled={refreshing}
      className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
    >
      {refreshing ? 'Aggiornamento...' : 'Aggiorna'}
    </button>
  );
}
