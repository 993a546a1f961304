'use client';
/**
 * The page of the sign-in link the shop e-mails while an address's codes are paused
 * (docs/product.md#sign-in-codes): the token is in the address's fragment, which no server or
 * log sees; the page sends it once, on the visitor's press (a mail scanner opening the link signs
 * nobody in), then goes to the account.
 */
import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { signInWithLink } from '@/lib/commerce/api/sign-in';
import { CommerceError } from '@/lib/commerce/client';
import { takeFragmentToken } from '@/lib/security/fragment-token';
import { SignInPanel } from './sign-in-panel';
import { useSession } from './use-session';

const LINK_NOT_VALID =
  'Questo link di accesso non è valido o è già stato usato: richiedi un nuovo codice';

/** The link's token, taken out of the address bar the first time the page reads it. */
let taken = '';
const linkToken = () => {
  if (window.location.hash.length > 1) taken = takeFragmentToken();
  return taken;
};
const noSubscription = () => () => {};

export function SignInLink() {
  const router = useRouter();
  const { refresh } = useSession();
  // Null while the server renders: the fragment exists in the browser only.
  const token = useSyncExternalStore(noSubscription, linkToken, () => null);
  const [refusal, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const error = token === '' ? LINK_NOT_VALID : refusal;

  async function signIn() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      await signInWithLink(token);
      await refresh();
      router.push('/account');
    } catch (caught) {
      setError((caught instanceof CommerceError ? caught.serverMessage : null) ?? LINK_NOT_VALID);
      setBusy(false);
    }
  }

  return (
    <SignInPanel title="Accedi con il link" error={error}>
      {token === null ? null : token ? (
        <button
          type="button"
          onClick={signIn}
          disabled={busy}
          className="mt-6 w-full rounded-lg bg-emerald-700 px-4 py-3 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {busy ? 'Accesso in corso...' : 'Accedi'}
        </button>
      ) : (
        <a
          href="/login"
          className="mt-6 block text-center font-semibold text-emerald-800 underline"
        >
          Vai alla pagina di accesso
        </a>
      )}
    </SignInPanel>
  );
}
