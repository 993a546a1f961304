import Link from 'next/link';

/**
 * The admin area's sections (docs/product.md#admin-orders, #admin-overview); the navbar's Admin
 * leads to records.
 */
export const ADMIN_SECTIONS = {
  overview: { href: '/admin', label: 'Panoramica' },
  orders: { href: '/admin/orders', label: 'Ordini' },
  records: { href: '/admin/subscriptions', label: 'Subscription Records' },
  dataRequests: { href: '/admin/data-requests', label: 'Richieste dati' },
} as const;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

/** The login page, coming back to `returnPath` (an internal path) after signing in. */
export const loginPathFor = (returnPath: string) => `/login?redirect=${returnPath}`;

/**
 * The sub-navigation of the admin area. The current section is marked for screen readers too:
 * as the page itself on a section's list, as the current place on a page inside it (an order).
 */
export function AdminNav({ current, inside = false }: { current: AdminSection; inside?: boolean }) {
  return (
    <nav aria-label="Amministrazione">
      <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        {(Object.keys(ADMIN_SECTIONS) as AdminSection[]).map((section) => {
          const { href, label } = ADMIN_SECTIONS[section];
          const isCurrent = section === current;
          const props = {
            href,
            'aria-current': isCurrent
              ? inside
                ? ('true' as const)
                : ('page' as const)
              : undefined,
            className: `inline-block rounded-lg px-4 py-2 text-sm font-semibold ${
              isCurrent
                ? 'bg-emerald-700 text-white hover:bg-emerald-800'
                : 'text-slate-800 hover:bg-slate-100'
            }`,
          };
          return (
            <li key={section}>
              {/* The overview is a document written on the server, not a React page: a plain
                  link, which the router neither prefetches (the whole overview each time) nor
                  has to fall back from. */}
              {section === 'overview' ? <a {...props}>{label}</a> : <Link {...props}>{label}</Link>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
