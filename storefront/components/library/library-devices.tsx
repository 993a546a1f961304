'use client';
/**
 * 'Your devices' (docs/product.md#library): the devices the library links opened for this
 * address, listed when the buyer opens the section, and 'Sign out all devices', which retires
 * every library link the address was sent and signs out every device, this one included.
 */
import { useState } from 'react';
import type { LibraryDevice } from '@aba-shop/contract';
import { dateTimeUtc } from '@aba-shop/service-kit/date-time';
import { mutate } from 'swr';
import {
  fetchLibraryDevices,
  LIBRARY_PATH,
  signOutEveryLibraryDevice,
} from '@/lib/commerce/api/library';
import { forgetThisDevice } from '@/lib/library/offline';

type Listed =
  { state: 'loading' } | { state: 'shown'; devices: LibraryDevice[] } | { state: 'failed' };

export function LibraryDevices({ via }: { via: 'account' | 'link' }) {
  const [listed, setListed] = useState<Listed | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  async function list() {
    if (listed) return;
    setListed({ state: 'loading' });
    try {
      setListed({ state: 'shown', devices: (await fetchLibraryDevices()).devices });
    } catch {
      setListed({ state: 'failed' });
    }
  }

  async function signOutEverywhere() {
    setFailed(false);
    setSigningOut(true);
    try {
      await signOutEveryLibraryDevice();
      if (via === 'link') {
        await forgetThisDevice();
        // This device is signed out too: the library, read again, says how to get back in.
        await mutate(LIBRARY_PATH);
      } else {
        setListed({ state: 'shown', devices: [] });
      }
    } catch {
      setFailed(true);
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <details
      className="rounded-xl border border-slate-200 p-4 text-sm"
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) void list();
      }}
    >
      <summary className="cursor-pointer font-semibold">Your devices</summary>
      <div className="mt-3 space-y-3">
        {listed?.state === 'loading' ? <p role="status">Loading your devices...</p> : null}
        {listed?.state === 'failed' ? (
          <p role="alert">We could not list your devices. Please try again in a moment.</p>
        ) : null}
        {listed?.state === 'shown' ? (
          listed.devices.length === 0 ? (
            <p>No device has your library open through an e-mailed link.</p>
          ) : (
            <ul className="space-y-1" aria-label="Devices with your library open">
              {listed.devices.map((device) => (
                <li key={`${device.openedAt}-${device.device ?? ''}`}>
                  {device.device ?? 'A device'}, opened {dateTimeUtc(device.openedAt, 'en')}
                  {device.current ? ' (this device)' : ''}
                </li>
              ))}
            </ul>
          )
        ) : null}
        <p>
          Lost a phone, or shared a link by mistake? Sign out every device: every library link we
          e-mailed you stops working, and you ask for a new one by e-mail.
        </p>
        <button
          type="button"
          onClick={() => void signOutEverywhere()}
          disabled={signingOut}
          aria-busy={signingOut}
          className="rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
        >
          {signingOut ? 'Signing out...' : 'Sign out all devices'}
        </button>
        {failed ? <p role="alert">We could not sign your devices out. Please try again.</p> : null}
      </div>
    </details>
  );
}
