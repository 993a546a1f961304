/** The visitor's answer to the cookie banner, kept in this browser only. */
export type Consent = 'accepted' | 'declined';

export const CONSENT_STORAGE_KEY = 'aba-cookie-consent';

export function readConsent(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    // Storage can be blocked (private modes); then the banner simply asks again.
    return null;
  }
}

export function saveConsent(consent: Consent): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Not remembered; the choice still applies to this page view.
  }
}
