'use client';
/**
 * A searched, paged admin list's section (docs/product.md#states): its heading with the count of
 * items shown, then the loading, failed or empty state or the items, and 'Carica altri' while
 * the server has more. A polite live region says how many items a search or a further page
 * brought; when the last page takes the button away from the keyboard, the focus goes to the
 * heading, which reads the new count.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AdminSpinner } from './admin-spinner';

export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="mt-1 break-words text-slate-600">{text}</p>
    </div>
  );
}

export function PagedList({
  title,
  summary,
  loading,
  loadingLabel,
  failed,
  failedText,
  empty,
  hasMore,
  loadingMore,
  onLoadMore,
  children,
}: {
  title: string;
  /** What the live region says once the items are shown ('3 ordini mostrati'). */
  summary: string;
  loading: boolean;
  loadingLabel: string;
  failed: boolean;
  failedText: string;
  /** The empty state, shown when the list has no item. */
  empty: ReactNode | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  children: ReactNode;
}) {
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
        {title}
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
      ) : (
        (empty ?? (
          <>
            {children}
            {hasMore ? (
              <div className="flex justify-center">
                <button
                  ref={moreRef}
                  type="button"
                  onClick={() => {
                    moreHadFocus.current = document.activeElement === moreRef.current;
                    void onLoadMore();
                  }}
                  disabled={loadingMore}
                  className="rounded-lg border border-slate-300 px-6 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                >
                  {loadingMore ? 'Caricamento...' : 'Carica altri'}
                </button>
              </div>
            ) : null}
          </>
        ))
      )}
    </section>
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
