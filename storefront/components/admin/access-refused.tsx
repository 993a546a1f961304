'use client';
/**
 * What an admin page shows when the API refuses it, the last word on access: 401 (the session
 * ended since the gate checked it) signs in again and comes back; 403 is the not-authorised view.
 */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useSession } from '@/components/auth/use-session';
import { AdminSpinner } from './admin-spinner';
import { loginPathFor } from './admin-nav';
import { NotAuthorised } from './not-authorised';

export function AccessRefused({ status, returnPath }: { status: 401 | 403; returnPath: string }) {
  const router = useRouter();
  const { user } = useSession();

  useEffect(() => {
    if (status === 401) router.replace(loginPathFor(returnPath));
  }, [status, router, returnPath]);

  if (status === 403) return <NotAuthorised email={user?.email ?? ''} />;
  return <AdminSpinner label="Reindirizzamento alla pagina di accesso..." />;
}
