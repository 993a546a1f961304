'use client';
/**
 * 'E-mail me my links': what a thank-you page offers instead of files when it does not know the
 * purchase (docs/product.md#thank-you-pages: paid files are never given to whoever opens the
 * page).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { requestDownloadLinks } from '@/lib/checkout/request-download-links';

type State =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

export function EmailMyLinksForm({ buttonClass }: { buttonClass: string }) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'editing' });
  const resultRef = useRef<HTMLParagraphElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setState({ kind: 'sending' });
    try {
      setState({ kind: 'sent', message: await requestDownloadLinks(email) });
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
    resultRef.current?.focus();
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="text-slate-700">
        For your security, download links are only shown right after checkout. Enter the e-mail
        address you used to pay and we will send you fresh links.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${id}-email`} className="mb-1 block font-semibold">
            Your purchase e-mail
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={320}
            autoComplete="email"
            className="w-full rounded-lg border border-slate-400 px-3 py-3 text-base focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700"
          />
        </div>
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className={`rounded-lg px-6 py-3 font-semibold disabled:opacity-60 ${buttonClass}`}
        >
          {state.kind === 'sending' ? 'Sending...' : 'E-mail me my links'}
        </button>
      </div>
      <p
        ref={resultRef}
        tabIndex={-1}
        role={state.kind === 'failed' ? 'alert' : 'status'}
        className={`outline-none ${state.kind === 'failed' ? 'text-red-800' : 'font-semibold text-slate-900'}`}
      >
        {state.kind === 'sent' || state.kind === 'failed' ? state.message : ''}
      </p>
    </form>
  );
}
