import Link from 'next/link';
import type { ReactNode } from 'react';

const VARIANTS = {
  primary: 'bg-emerald-700 text-white hover:bg-emerald-800',
  secondary: 'border border-emerald-700 text-emerald-800 hover:bg-emerald-50',
  /** On a dark band. */
  inverse: 'bg-white text-emerald-900 hover:bg-emerald-50',
};

/** The shop's call-to-action link, filled (primary), outlined (secondary) or light on a dark band (inverse). */
export function ButtonLink({
  href,
  variant = 'primary',
  className = '',
  children,
}: {
  href: string;
  variant?: keyof typeof VARIANTS;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      href={href}
      className={`inline-block rounded-lg px-6 py-3 font-semibold ${VARIANTS[variant]} ${className}`}
    >
      {children}
    </Link>
  );
}
