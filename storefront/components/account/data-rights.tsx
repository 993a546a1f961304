'use client';
/**
 * The account page's "Your data" (docs/product.md#your-data): the signed-in buyer downloads
 * everything the shop holds about them as JSON, or asks for their account and data to be
 * erased, after a confirmation step that says what goes and what accounting law keeps.
 */
import { ACCOUNTING_RETENTION_YEARS } from '@aba-shop/contract/constants';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { fetchMyPurchases } from '@/lib/commerce/api/account';
import { DATA_EXPORT_PATH, requestErasure } from '@/lib/commerce/api/data-requests';
import { CommerceError } from '@/lib/commerce/client';
import { formatLongDate } from '@/lib/format/long-date';

export const ERASURE_FAILED =
  'We could not send your request. Please try again, or write to support.';

type Step =
  | { name: 'idle' }
  | { name: 'confirming' }
  | { name: 'sending' }
  | { name: 'sent'; message: string; requestId: string; requestedAt: string }
  | { name: 'failed'; message: string };

const buttonClass = 'inline-block rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-70';

export function DataRights() {
  // The purchases' call says whether someone is signed in (null when not); SWR shares it.
  const { data } = useSWR('/api/me/purchases', fetchMyPurchases);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step.name === 'confirming') confirmHeading.current?.focus();
    if (step.name === 'sent' || step.name === 'failed') outcome.current?.focus();
  }, [step.name]);

  if (!data) return null;

  const send = async () => {
    setStep({ name: 'sending' });
    try {
      const answer = await requestErasure();
      setStep({
        name: 'sent',
        message: answer.message,
        requestId: answer.request.id,
        requestedAt: answer.request.requestedAt,
      });
    } catch (caught) {
      const message =
        caught instanceof CommerceError && caught.status === 401
          ? 'Your session has ended. Please sign in again to ask for the erasure.'
          : caught instanceof CommerceError && caught.serverMessage
            ? caught.serverMessage
            : ERASURE_FAILED;
      setStep({ name: 'failed', message });
    }
  };

  return (
    <section
      aria-labelledby="your-data-heading"
      className="mt-10 space-y-4 rounded-xl border border-slate-200 p-5"
    >
      <h2 id="your-data-heading" className="text-xl font-semibold">
        Your data
      </h2>
      <p className="text-sm text-slate-700">
        Download everything we hold about you, or ask us to delete your account and personal data.
        How long we keep each kind of data is in our{' '}
        <Link href="/privacy-policy" className="font-semibold text-emerald-800 underline">
          privacy policy
        </Link>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        <a
          href={DATA_EXPORT_PATH}
          download
          className={`${buttonClass} bg-emerald-700 text-white hover:bg-emerald-800`}
        >
          Download my data
        </a>
        {step.name === 'idle' || step.name === 'failed' ? (
          <button
            type="button"
            onClick={() => setStep({ name: 'confirming' })}
            className={`${buttonClass} border border-red-700 text-red-800 hover:bg-red-50`}
          >
            Delete my account and data
          </button>
        ) : null}
      </div>

      {step.name === 'confirming' || step.name === 'sending' ? (
        <div
          role="group"
          aria-labelledby="erasure-confirm-heading"
          className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4"
        >
          <h3
            id="erasure-confirm-heading"
            ref={confirmHeading}
            tabIndex={-1}
            className="font-semibold text-red-900 outline-none"
          >
            Delete your account and data?
          </h3>
          <p className="text-sm text-slate-800">
            Our support team will delete your account and sign-ins, your download links (the files
            you bought will no longer download), your contact messages and membership records. What
            accounting law requires of your orders (amounts, dates, order numbers) is kept without
            your name or e-mail address for {ACCOUNTING_RETENTION_YEARS} years. This cannot be
            undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => void send()}
              disabled={step.name === 'sending'}
              aria-busy={step.name === 'sending'}
              className={`${buttonClass} bg-red-700 text-white hover:bg-red-800`}
            >
              {step.name === 'sending'
                ? 'Sending your request...'
                : 'Yes, delete my account and data'}
            </button>
            <button
              type="button"
              onClick={() => setStep({ name: 'idle' })}
              disabled={step.name === 'sending'}
              className={`${buttonClass} border border-slate-300 text-slate-800 hover:bg-white`}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}

      <div ref={outcome} tabIndex={-1} className="outline-none">
        {step.name === 'sent' ? (
          <div
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
          >
            <p className="font-semibold">Erasure requested</p>
            <p className="mt-1">{step.message}</p>
            <p className="mt-1">
              Request {step.requestId}, {formatLongDate(step.requestedAt)}.
            </p>
          </div>
        ) : null}
        {step.name === 'failed' ? (
          <p role="alert" className="text-sm text-red-800">
            {step.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
