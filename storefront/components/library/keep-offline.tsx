'use client';
/** 'Keep on this device' for one book, and 'Remove from this device' once kept. */
import { useEffect, useState } from 'react';
import type { LibraryBook } from '@aba-shop/contract';
import { forgetBook, isKept, keepBook, offlineSupported } from '@/lib/library/offline';

type State =
  | { kind: 'unknown' }
  | { kind: 'unsupported' }
  | { kind: 'not-kept' }
  | { kind: 'keeping'; done: number }
  | { kind: 'kept' }
  | { kind: 'failed' };

export function KeepOffline({ book }: { book: LibraryBook }) {
  // Drawn in the browser only, once the library has answered.
  const [state, setState] = useState<State>(() =>
    offlineSupported() ? { kind: 'unknown' } : { kind: 'unsupported' },
  );

  useEffect(() => {
    if (offlineSupported()) {
      void isKept(book).then((kept) => setState({ kind: kept ? 'kept' : 'not-kept' }));
    }
  }, [book]);

  async function keep() {
    setState({ kind: 'keeping', done: 0 });
    try {
      await keepBook(book, (done) => setState({ kind: 'keeping', done }));
      setState({ kind: 'kept' });
    } catch {
      await forgetBook(book);
      setState({ kind: 'failed' });
    }
  }

  const button =
    'rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';
  if (state.kind === 'unknown' || state.kind === 'unsupported') return null;
  return (
    <div className="mt-3 text-sm" aria-live="polite">
      {state.kind === 'keeping' ? (
        <p role="status">
          Saving {book.title} on this device... {Math.round(state.done * 100)}%
        </p>
      ) : state.kind === 'kept' ? (
        <p>
          <span className="font-semibold text-emerald-800">Kept on this device</span>: read and
          listen without a connection.{' '}
          <button
            type="button"
            className="text-emerald-800 underline"
            onClick={() => void forgetBook(book).then(() => setState({ kind: 'not-kept' }))}
          >
            Remove from this device<span className="sr-only"> ({book.title})</span>
          </button>
        </p>
      ) : (
        <>
          <button type="button" className={button} onClick={() => void keep()}>
            Keep on this device<span className="sr-only"> ({book.title})</span>
          </button>
          {state.kind === 'failed' ? (
            <p role="alert" className="mt-1 text-red-800">
              The book could not be saved on this device. Check the connection and the space left,
              then try again.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
