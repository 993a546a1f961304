'use client';
/**
 * The page Google returns the popup to (docs/product.md#login): it hands code, state or error to
 * the opener (postMessage, and localStorage as a fallback) and closes itself.
 */
import { useSearchParams } from 'next/navigation';
import { useEffect, useMemo } from 'react';
import { CALLBACK_MESSAGE_TYPE, CALLBACK_STORAGE_KEY, readCallbackParams } from '@/lib/auth/popup';

export const MISSING_PARAMS_ERROR = 'No OAuth code or error found in URL parameters.';

export function OAuthCallback() {
  const query = useSearchParams().toString();
  const result = useMemo(() => readCallbackParams(new URLSearchParams(query)), [query]);

  useEffect(() => {
    if (!result) {
      // The spec's page throws here; the text is shown instead of a blank error screen.
      console.error(new Error(MISSING_PARAMS_ERROR));
      return;
    }
    const message = { type: CALLBACK_MESSAGE_TYPE, ...result };
    try {
      window.localStorage.setItem(CALLBACK_STORAGE_KEY, JSON.stringify(message));
    } catch {
      // Storage may be unavailable (private mode); postMessage still works.
    }
    window.opener?.postMessage(message, window.location.origin);
    window.close();
  }, [result]);

  return (
    <main className="mx-auto max-w-md px-4 py-24 text-center">
      {result ? (
        <>
          <h1 className="text-2xl font-bold">Logging in</h1>
          <p className="mt-3 text-slate-700">Please wait, we are verifying your identity...</p>
        </>
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {MISSING_PARAMS_ERROR}
        </p>
      )}
    </main>
  );
}
