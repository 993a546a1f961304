'use client';
/**
 * Ad tracking for the whole site (docs/product.md#api): nothing at all without a pixel id; with
 * one, a cookie banner, and only after the visitor accepts, the pixel and a PageView on every path
 * or query change.
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { readConsent, saveConsent, type Consent } from '@/lib/tracking/consent';
import { loadMetaPixel, trackEvent } from '@/lib/tracking/meta-pixel';

const subscribeNever = () => () => {};

export function PageTracking() {
  // Inlined by the build: the pixel id is public and fixed per deployment.
  const pixelId = process.env.NEXT_PUBLIC_META_PIXEL_ID;
  if (!pixelId) return null;
  return <ConsentedPixel pixelId={pixelId} />;
}

function ConsentedPixel({ pixelId }: { pixelId: string }) {
  // The stored answer exists only in the browser; the server renders no banner.
  const stored = useSyncExternalStore(subscribeNever, readConsent, () => 'pending' as const);
  const [answer, setAnswer] = useState<Consent | null>(null);
  const consent = answer ?? stored;
  const pathname = usePathname();
  const query = useSearchParams().toString();

  useEffect(() => {
    if (consent !== 'accepted') return;
    loadMetaPixel(pixelId);
    trackEvent('PageView');
  }, [consent, pixelId, pathname, query]);

  if (consent !== null) return null;
  const choose = (choice: Consent) => {
    saveConsent(choice);
    setAnswer(choice);
  };
  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-lg"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm text-slate-700">
          We would like to use an advertising cookie to measure which of our ads help families find
          us. Nothing is set unless you accept.{' '}
          <a href="/privacy-policy" className="text-emerald-800 underline">
            Privacy Policy
          </a>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => choose('declined')}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold"
          >
            Decline
          </button>
          <button
            type="button"
            onClick={() => choose('accepted')}
            className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white"
          >
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}
