/**
 * The visitor's answer to the cookie banner (docs/product.md#cookie-consent), kept in this
 * browser as `{ choice, version, at }`: an answer to an older text version counts as none, so
 * the banner asks again. A random consent id, kept apart, ties the browser's answers together
 * in the shop's consent records. Components follow the answer and the settings panel through
 * `subscribeConsent` (useSyncExternalStore).
 */
import type { ConsentChoice } from '@aba-shop/contract';
import { CONSENT_TEXT_VERSION } from '@aba-shop/contract/constants';

export interface Consent {
  choice: ConsentChoice;
  /** The banner text version answered. */
  version: string;
  /** When, by this browser's clock (the shop's record has its own). */
  at: string;
}

export const CONSENT_STORAGE_KEY = 'aba-cookie-consent';
export const CONSENT_ID_STORAGE_KEY = 'aba-consent-id';

const listeners = new Set<() => void>();
let settingsOpen = false;
let lastRaw: string | null | undefined;
let lastConsent: Consent | null = null;

function notify() {
  for (const listener of listeners) listener();
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be blocked (private modes); then the banner simply asks again.
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered; the choice still applies to this page view.
  }
}

function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Consent>;
    const known = ['accepted', 'declined', 'withdrawn'].includes(value.choice ?? '');
    if (!known || value.version !== CONSENT_TEXT_VERSION || typeof value.at !== 'string')
      return null;
    return { choice: value.choice as ConsentChoice, version: value.version, at: value.at };
  } catch {
    // An answer from before answers were versioned: asked again.
    return null;
  }
}

/** The answer to the text in force, or null when the banner must ask. Stable between changes. */
export function readConsent(): Consent | null {
  const raw = readStorage(CONSENT_STORAGE_KEY);
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastConsent = parseConsent(raw);
  }
  return lastConsent;
}

export function saveConsent(choice: ConsentChoice): Consent {
  const consent = { choice, version: CONSENT_TEXT_VERSION, at: new Date().toISOString() };
  writeStorage(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  // Kept in memory too, for a browser whose storage is blocked.
  lastRaw = JSON.stringify(consent);
  lastConsent = consent;
  settingsOpen = false;
  notify();
  return consent;
}

/** This browser's consent id, made on first use. */
export function consentId(): string {
  const stored = readStorage(CONSENT_ID_STORAGE_KEY);
  if (stored) return stored;
  const id = crypto.randomUUID();
  writeStorage(CONSENT_ID_STORAGE_KEY, id);
  return id;
}

/** The footer's "Cookie settings" opens the banner again, whatever was answered. */
export function openConsentSettings(): void {
  settingsOpen = true;
  notify();
}

export function closeConsentSettings(): void {
  settingsOpen = false;
  notify();
}

export const isConsentSettingsOpen = (): boolean => settingsOpen;

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  // An answer given in another tab applies here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
