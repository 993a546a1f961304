import Link from 'next/link';
import { AccountMenu } from '@/components/auth/account-menu';

const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
  { href: '/shop', label: 'Shop' },
];

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-6xl items-center justify-between gap-4 p-4"
      >
        <Link href="/" className="text-lg font-bold text-emerald-800">
          ABA Parent Guides
        </Link>
        <ul className="flex flex-wrap gap-4 text-sm font-medium">
          {NAV_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className="hover:text-emerald-700">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <AccountMenu />
      </nav>
    </header>
  );
}
