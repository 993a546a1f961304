'use client';
/**
 * Ad tracking for the whole site (docs/product.md#cookie-consent, #the-ad-pixel): nothing at
 * all without a pixel id (the running server's, which the page learns once it runs:
 * lib/tracking/pixel-id.ts); with one, a cookie banner in the page's language, and only after
 * the visitor accepts, the pixel and a PageView on every path or query change of an ordinary page.
 * The footer's "Cookie settings" opens the banner again to accept, decline or withdraw; every
 * answer is kept in this browser and sent to the shop's consent records.
 */
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ConsentChoice } from '@aba-shop/contract';
import { CONSENT_TEXT_VERSION } from '@aba-shop/contract/constants';
import { recordConsentAnswer } from '@/lib/commerce/api/consents';
import { CONSENT_TEXT, type ConsentTextLanguage } from '@/lib/tracking/consent-text';
import {
  closeConsentSettings,
  consentId,
  isConsentSettingsOpen,
  readConsent,
  saveConsent,
  subscribeConsent,
  type Consent,
} from '@/lib/tracking/consent';
import {
  deletePixelCookies,
  loadMetaPixel,
  stopMetaPixel,
  trackEvent,
} from '@/lib/tracking/meta-pixel';
import { pageLanguage } from '@aba-shop/contract/page-language';
import { isPrivateAddress } from '@/lib/tracking/page-address';
import { usePixelId } from '@/lib/tracking/pixel-id';

export function PageTracking() {
  // The running server's, not the build's (ADR 0041): unknown until the page has asked.
  const pixelId = usePixelId();
  if (!pixelId) return null;
  return <ConsentedPixel pixelId={pixelId} />;
}

const PENDING = 'pending' as const;

function ConsentedPixel({ pixelId }: { pixelId: string }) {
  // The stored answer exists only in the browser; the server renders no banner.
  const consent = useSyncExternalStore<Consent | null | typeof PENDING>(
    subscribeConsent,
    readConsent,
    () => PENDING,
  );
  const settingsOpen = useSyncExternalStore(subscribeConsent, isConsentSettingsOpen, () => false);
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const accepted = consent !== PENDING && consent?.choice === 'accepted';
  const answered = consent !== PENDING && consent !== null;
  const loaded = useRef(false);

  useEffect(() => {
    if (!accepted) {
      // Withdrawn here: the pixel stops. Answered no elsewhere: its cookies still go.
      if (loaded.current) stopMetaPixel();
      else if (answered) deletePixelCookies();
      return;
    }
    loadMetaPixel(pixelId);
    loaded.current = true;
    // Private pages (a checkout, a sign-in return, the account) are not reported at all.
    if (!isPrivateAddress(new URL(window.location.href))) trackEvent('PageView');
  }, [accepted, answered, pixelId, pathname, query]);

  if (consent === PENDING || (consent !== null && !settingsOpen)) return null;
  const language = pageLanguage(pathname);
  const choose = (choice: 'accepted' | 'declined') => {
    const answer: ConsentChoice =
      choice === 'declined' && consent?.choice === 'accepted' ? 'withdrawn' : choice;
    saveConsent(answer);
    recordConsentAnswer({
      consentId: consentId(),
      choice: answer,
      textVersion: CONSENT_TEXT_VERSION,
      language,
    }).catch((error: unknown) => console.error('The consent could not be recorded:', error));
  };
  return (
    <ConsentBanner
      language={language}
      consent={consent}
      reopened={settingsOpen}
      onChoose={choose}
    />
  );
}

function ConsentBanner({
  language,
  consent,
  reopened,
  onChoose,
}: {
  language: ConsentTextLanguage;
  consent: Consent | null;
  reopened: boolean;
  onChoose: (choice: 'accepted' | 'declined') => void;
}) {
  const text = CONSENT_TEXT[language];
  const panel = useRef<HTMLElement>(null);
  // Opened from the footer: the keyboard lands on the choice rather than staying below.
  useEffect(() => {
    if (reopened) panel.current?.focus();
  }, [reopened]);
  const answeredOn = consent
    ? `${text.answered[consent.choice]} ${new Intl.DateTimeFormat(text.locale, { dateStyle: 'long' }).format(new Date(consent.at))}.`
    : null;
  const button = 'rounded-lg px-4 py-2 text-sm font-semibold';
  return (
    <section
      ref={panel}
      tabIndex={-1}
      lang={language}
      aria-label={text.region}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-lg"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1 space-y-1 text-sm text-slate-700">
          <p>
            {text.purpose}{' '}
            <a href="/privacy-policy" className="text-emerald-800 underline">
              {text.privacyPolicy}
            </a>
          </p>
          {answeredOn ? <p className="font-medium text-slate-900">{answeredOn}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {reopened ? (
            <button
              type="button"
              onClick={closeConsentSettings}
              className={`${button} border border-slate-300`}
            >
              {text.close}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => onChoose('declined')}
            className={`${button} border border-slate-300`}
          >
            {consent?.choice === 'accepted' ? text.withdraw : text.decline}
          </button>
          <button
            type="button"
            onClick={() => onChoose('accepted')}
            className={`${button} bg-emerald-700 text-white`}
          >
            {text.accept}
          </button>
        </div>
      </div>
    </section>
  );
}
