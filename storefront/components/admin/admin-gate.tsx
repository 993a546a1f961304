'use client';
/**
 * The admin gate (docs/product.md#states): a spinner while the session check runs, the login page
 * (history replaced, with the way back here) without a user, the not-authorised view for an account
 * the server does not call an admin, the content otherwise. The server's word is the session's
 * `isAdmin` flag here and the API's 401/403 inside; the storefront decides nothing itself.
 */
import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useSession } from '@/components/auth/use-session';
import { AdminSpinner } from './admin-spinner';
import { loginPathFor } from './admin-nav';
import { NotAuthorised } from './not-authorised';

export function AdminGate({ returnPath, children }: { returnPath: string; children: ReactNode }) {
  const { user, pending } = useSession();
  const router = useRouter();

  useEffect(() => {
    if (!pending && !user) router.replace(loginPathFor(returnPath));
  }, [pending, user, router, returnPath]);

  if (pending) return <AdminSpinner label="Verifica dell'accesso..." />;
  if (!user) return <AdminSpinner label="Reindirizzamento alla pagina di accesso..." />;
  if (!user.isAdmin) return <NotAuthorised email={user.email} />;
  return children;
}
