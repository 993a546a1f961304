'use client';
/**
 * The visitor's session for the whole storefront: one shared SWR request to /api/users/me,
 * `pending` until its first answer, whether that answer is a user or a failure.
 */
import useSWR from 'swr';
import type { CurrentUser } from '@aba-shop/contract';
import { fetchSignedInUser, logout as endSession } from '@/lib/auth/session';

export const SESSION_KEY = '/api/users/me';

export function useSession() {
  const { data, isLoading, mutate } = useSWR<CurrentUser | null>(SESSION_KEY, fetchSignedInUser, {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  return {
    user: data ?? null,
    pending: isLoading,
    /** Fetches the user again (after a sign-in). */
    refresh: () => mutate(),
    /** Clears the local user first, then ends the server session (docs/product.md#api). */
    logout: async () => {
      await mutate(null, { revalidate: false });
      await endSession();
    },
  };
}
