'use client';
/**
 * The account page's "Manage membership": opens Stripe's customer portal (or the test
 * checkout's membership page), where the member can cancel at the end of the period.
 */
import { useState } from 'react';
import { openMembershipPortal } from '@/lib/commerce/api/account';

export const MANAGE_MEMBERSHIP_FAILED =
  'We could not open your membership page. Please try again, or write to support.';

export function ManageMembership() {
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');
  const open = async () => {
    setState('opening');
    try {
      window.location.assign(await openMembershipPortal());
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={() => void open()}
        disabled={state === 'opening'}
        aria-busy={state === 'opening'}
        className="rounded-lg bg-amber-800 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-900 disabled:opacity-70"
      >
        {state === 'opening' ? 'Opening...' : 'Manage membership'}
      </button>
      {state === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {MANAGE_MEMBERSHIP_FAILED}
        </p>
      ) : null}
    </div>
  );
}
