'use client';
/**
 * The search of an admin list (docs/product.md#admin-orders): one labelled field, searched on
 * submit (Enter or Cerca), and 'Mostra tutti' to drop the search. The server matches exactly,
 * which the hint says, so nobody waits for a partial address to find something.
 */
import { useId, useState, type FormEvent } from 'react';

export function AdminSearchForm({
  label,
  hint,
  applied,
  onSearch,
}: {
  label: string;
  hint: string;
  /** The search the list shows now; empty for everything. */
  applied: string;
  onSearch: (q: string) => void;
}) {
  const [draft, setDraft] = useState(applied);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft.trim());
  }

  return (
    <form role="search" onSubmit={submit} className="space-y-2">
      <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          className="w-full rounded-lg border border-slate-400 px-3 py-2.5 text-base sm:max-w-md"
        />
        <div className="flex gap-3">
          <button
            type="submit"
            className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
          >
            Cerca
          </button>
          {applied ? (
            <button
              type="button"
              onClick={() => {
                setDraft('');
                onSearch('');
              }}
              className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Mostra tutti
            </button>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
    </form>
  );
}
