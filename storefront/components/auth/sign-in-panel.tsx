/**
 * The frame of the sign-in pages (the login page, the sign-in link's page): the card, its
 * heading, and the notice and error the page announces (docs/product.md#login).
 */
import type { ReactNode } from 'react';

export function SignInPanel({
  title,
  notice = null,
  error,
  children,
}: {
  title: string;
  notice?: string | null;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold">{title}</h1>

      <div className="mt-6 space-y-3" aria-live="polite">
        {notice ? (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
            {notice}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>

      {children}
    </div>
  );
}
