'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useSession } from './use-session';

/** Navbar part for the session: e-mail and Logout, plus Admin for administrators. */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { user, pending, logout } = useSession();
  const router = useRouter();
  if (pending)
    return (
      <span className="text-sm text-slate-500" aria-hidden="true">
        …
      </span>
    );
  if (!user) {
    return (
      <Link
        href="/login"
        onClick={onNavigate}
        className="text-sm font-medium hover:text-emerald-700"
      >
        Login
      </Link>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {user.isAdmin ? (
        <Link
          href="/admin/subscriptions"
          onClick={onNavigate}
          className="font-medium hover:text-emerald-700"
        >
          Admin
        </Link>
      ) : null}
      <Link
        href="/account"
        onClick={onNavigate}
        className="max-w-48 truncate text-slate-700 hover:text-emerald-700"
        title={user.email}
      >
        {user.email}
      </Link>
      <button
        type="button"
        onClick={async () => {
          onNavigate?.();
          await logout();
          router.push('/');
        }}
        className="rounded-md border border-slate-300 px-3 py-1 font-medium hover:bg-slate-50"
      >
        Logout
      </button>
    </div>
  );
}
