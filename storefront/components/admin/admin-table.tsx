import type { ReactNode } from 'react';

/**
 * An admin list's table, shown from the md breakpoint up (the cards take its place below it),
 * with a header cell per column for screen readers to name each cell by.
 */
export function AdminTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 md:block">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** An admin list's cards, shown below the md breakpoint in place of its table. */
export function AdminCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={label}>
      {children}
    </ul>
  );
}

/** One item's card: its e-mail address, its facts (a dt and dd each) and what can be done to it. */
export function AdminCard({
  email,
  facts,
  actions,
  dense = false,
}: {
  email: string;
  facts: ReactNode;
  actions: ReactNode;
  /** Facts of one line each, closer together. */
  dense?: boolean;
}) {
  return (
    <li className="rounded-2xl border border-slate-200 p-4 shadow-sm">
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{email}</p>
      <dl
        className={`mt-2 grid grid-cols-[auto_1fr] gap-x-3 ${dense ? 'gap-y-1' : 'gap-y-2'} text-sm`}
      >
        {facts}
      </dl>
      <div className="mt-3">{actions}</div>
    </li>
  );
}

/** A term and its value in a card's or a view's list of facts. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}
