'use client';
/**
 * What every library page shows before its own content (docs/product.md#library): loading,
 * a library this device cannot open (with the ways in), one that was closed (and why), a
 * failure with 'Try again', then the page itself with the buyer's library.
 */
import Link from 'next/link';
import { useEffect, useState, type ReactNode } from 'react';
import type { Library } from '@aba-shop/contract';
import { EmailMyLinksForm } from '@/components/thank-you/email-my-links-form';
import { claimThisDevice, registerLibraryWorker } from '@/lib/library/offline';
import { useLibrary } from './use-library';

export function LibraryGate({ children }: { children: (library: Library) => ReactNode }) {
  const { data, error, isLoading, mutate } = useLibrary();
  const owner = data?.state === 'open' ? data.library.email : null;
  const [claimed, setClaimed] = useState<string | null>(null);
  useEffect(() => {
    void registerLibraryWorker();
  }, []);
  // Another buyer's kept books and places leave this device before this library shows.
  useEffect(() => {
    if (owner) void claimThisDevice(owner).then(() => setClaimed(owner));
  }, [owner]);
  if (isLoading) return <p role="status">Opening your library...</p>;
  if (error || !data) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-800">We could not open your library. Please try again.</p>
        <button
          type="button"
          onClick={() => void mutate()}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-50"
        >
          Try again
        </button>
      </div>
    );
  }
  if (data.state !== 'open') {
    return (
      <div className="space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-5">
        <p role="alert" className="font-semibold">
          {data.message}
        </p>
        <p>
          <Link
            href="/login?redirect=/library"
            className="font-semibold text-emerald-800 underline"
          >
            Sign in
          </Link>{' '}
          with the e-mail address you bought with, or have a fresh library link e-mailed to you:
        </p>
        <EmailMyLinksForm buttonClass="rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800" />
      </div>
    );
  }
  if (claimed !== data.library.email) return <p role="status">Opening your library...</p>;
  return <>{children(data.library)}</>;
}
