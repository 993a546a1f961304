'use client';
/**
 * `/library/open#<token>` (docs/product.md#library): takes the library link's token out of the
 * address at once, so no later request, history entry or script sees it, and exchanges it for
 * this device's library session; then the library. An expired link (30 days after it was sent)
 * offers a new one, e-mailed to the address the link was sent to.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { openLibrary, renewLibraryLink } from '@/lib/commerce/api/library';
import { CommerceError } from '@/lib/commerce/client';
import { takeFragmentToken } from '@/lib/security/fragment-token';

type State =
  | { kind: 'opening' }
  | { kind: 'no-link' }
  | { kind: 'failed'; message: string }
  /** The link has expired: the page offers a new one by e-mail, to the address it was sent to. */
  | {
      kind: 'expired';
      message: string;
      token: string;
      renewal: 'offered' | 'sending' | { said: string };
    };

/** The page was opened without a link's token. */
class NoLink extends Error {}

const COULD_NOT_OPEN = 'We could not open your library. Please try the link again in a moment.';

export function LibraryOpener() {
  const router = useRouter();
  const [state, setState] = useState<State>({ kind: 'opening' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeFragmentToken();
    const exchange = token ? openLibrary(token) : Promise.reject(new NoLink());
    exchange
      .then(() => router.replace('/library'))
      .catch((error: unknown) =>
        setState(
          error instanceof NoLink
            ? { kind: 'no-link' }
            : error instanceof CommerceError && error.status === 410
              ? { kind: 'expired', message: error.message, token, renewal: 'offered' }
              : {
                  kind: 'failed',
                  message:
                    error instanceof CommerceError && error.kind === 'refused'
                      ? error.message
                      : COULD_NOT_OPEN,
                },
        ),
      );
  }, [router]);

  async function askForNewLink() {
    if (state.kind !== 'expired') return;
    setState({ ...state, renewal: 'sending' });
    try {
      setState({ ...state, renewal: { said: await renewLibraryLink(state.token) } });
    } catch (error) {
      setState({
        ...state,
        renewal: {
          said:
            error instanceof CommerceError && error.kind === 'refused'
              ? error.message
              : 'We could not send a new link just now. Please try again in a moment.',
        },
      });
    }
  }

  if (state.kind === 'opening') return <p role="status">Opening your library...</p>;
  return (
    <div className="space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-5">
      <p role="alert" className="font-semibold">
        {state.kind === 'no-link'
          ? 'This page opens your library from the link in your e-mail from us.'
          : state.message}
      </p>
      {state.kind === 'expired' ? (
        typeof state.renewal === 'string' ? (
          <button
            type="button"
            onClick={() => void askForNewLink()}
            disabled={state.renewal === 'sending'}
            aria-busy={state.renewal === 'sending'}
            className="rounded-lg bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
          >
            {state.renewal === 'sending' ? 'Sending...' : 'E-mail me a new link'}
          </button>
        ) : (
          <p role="status">{state.renewal.said}</p>
        )
      ) : null}
      <p>
        <Link href="/library" className="font-semibold text-emerald-800 underline">
          Go to your library
        </Link>{' '}
        if this device has it open already, or{' '}
        <Link href="/login?redirect=/library" className="font-semibold text-emerald-800 underline">
          sign in
        </Link>{' '}
        with the e-mail address you bought with.
      </p>
    </div>
  );
}
