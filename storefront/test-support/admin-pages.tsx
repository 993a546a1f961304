/**
 * For the admin pages' tests: the two kinds of signed-in users, a call the test finishes when it
 * chooses, and a render with a cache of its own. The test file mocks
 * '@/components/auth/use-session' (`jest.mock`) for `signedInAs` to take effect.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { CurrentUser } from '@aba-shop/contract';
import { useSession } from '@/components/auth/use-session';

export const ADMIN: CurrentUser = {
  id: 'a1',
  email: 'admin@example.com',
  name: null,
  isAdmin: true,
};
export const PARENT: CurrentUser = {
  id: 'p1',
  email: 'parent@example.com',
  name: null,
  isAdmin: false,
};

export function signedInAs(user: CurrentUser | null, pending = false) {
  jest.mocked(useSession).mockReturnValue({
    user,
    pending,
    refresh: jest.fn(),
    logout: jest.fn(),
  } as unknown as ReturnType<typeof useSession>);
}

/** A call the test finishes when it chooses, to look at the page while it runs. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Renders with a cache of its own, so no answer is left over from another test. */
export function renderAdminPage(page: ReactNode) {
  const user = userEvent.setup();
  render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{page}</SWRConfig>);
  return user;
}
