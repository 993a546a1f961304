'use client';
/**
 * The footer's "Cookie settings" ("Impostazioni cookie" on an Italian page): opens the cookie
 * banner again (docs/product.md#cookie-consent). Without a pixel the shop sets no optional
 * cookie, so there is nothing to set and no button; with one, the button appears once the page
 * has learnt the pixel id from the server (lib/tracking/pixel-id.ts: one question serves the
 * button and the banner).
 */
import { usePathname } from 'next/navigation';
import { CONSENT_TEXT } from '@/lib/tracking/consent-text';
import { openConsentSettings } from '@/lib/tracking/consent';
import { usePixelId } from '@/lib/tracking/pixel-id';
import { pageLanguage } from '@aba-shop/contract/page-language';

export function CookieSettingsButton({ className }: { className?: string }) {
  const language = pageLanguage(usePathname());
  const pixelId = usePixelId();
  if (!pixelId) return null;
  return (
    <button type="button" lang={language} onClick={openConsentSettings} className={className}>
      {CONSENT_TEXT[language].settings}
    </button>
  );
}
