'use client';
/**
 * The navbar of every page: logo and name, the five links, the cart's bag, and the session (e-mail,
 * Logout, Admin). Below the medium breakpoint a toggle opens the same items as a menu, which
 * closes when a link is chosen or on logout.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { AccountMenu } from '@/components/auth/account-menu';
import { CartButton } from '@/components/cart/cart-button';
import { StrokeIcon } from '@/components/icons/stroke-icon';
import { NAV_LINKS } from './nav-links';

function Logo() {
  return (
    <Link href="/" className="flex items-center gap-2 text-lg font-bold text-emerald-800">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" fill="#047857" />
        <path
          d="M16 24c-5-3.5-8-6.4-8-9.6a4.4 4.4 0 0 1 8-2.5 4.4 4.4 0 0 1 8 2.5c0 3.2-3 6.1-8 9.6z"
          fill="#fff"
        />
      </svg>
      ABA Parent Guides
    </Link>
  );
}

export function SiteHeader() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const linkClass = (href: string) =>
    `rounded-md px-2 py-1 hover:text-emerald-700 ${pathname === href ? 'font-semibold text-emerald-800' : ''}`;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Logo />
          <ul className="hidden items-center gap-2 text-sm font-medium md:flex">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className={linkClass(link.href)}
                  aria-current={pathname === link.href ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="hidden items-center gap-3 md:flex">
            <CartButton />
            <AccountMenu />
          </div>
          <div className="flex items-center gap-1 md:hidden">
            <CartButton onOpen={close} />
            <button
              type="button"
              aria-expanded={open}
              aria-controls="mobile-menu"
              onClick={() => setOpen((value) => !value)}
              className="rounded-md p-2 hover:bg-slate-100"
            >
              <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
              <StrokeIcon className="h-6 w-6">
                {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
              </StrokeIcon>
            </button>
          </div>
        </div>
        {open ? (
          <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 md:hidden">
            <ul className="flex flex-col gap-1 py-2 text-base font-medium">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    onClick={close}
                    className={`block py-2 ${linkClass(link.href)}`}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="px-2 pt-2">
              <AccountMenu onNavigate={close} />
            </div>
          </div>
        ) : null}
      </nav>
    </header>
  );
}
