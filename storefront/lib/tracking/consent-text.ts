/**
 * The cookie banner's words in both languages (docs/product.md#cookie-consent). They are the
 * text version CONSENT_TEXT_VERSION (packages/contract/src/constants.ts) names: changing a word
 * of `purpose` means raising that version, which consent-text.test.ts holds to.
 */
export const CONSENT_TEXT = {
  en: {
    region: 'Cookie consent',
    purpose:
      'We would like to use an advertising cookie (the Meta pixel) to measure which of our ads help families find us. Nothing is set unless you accept, and you can change your mind at any time under "Cookie settings" at the bottom of every page.',
    privacyPolicy: 'Privacy Policy',
    accept: 'Accept',
    decline: 'Decline',
    withdraw: 'Withdraw consent',
    close: 'Close',
    settings: 'Cookie settings',
    answered: {
      accepted: 'You accepted the advertising cookie on',
      declined: 'You declined the advertising cookie on',
      withdrawn: 'You withdrew your consent to the advertising cookie on',
    },
    locale: 'en-GB',
  },
  it: {
    region: 'Consenso ai cookie',
    purpose:
      'Vorremmo usare un cookie pubblicitario (il pixel di Meta) per capire quali nostri annunci aiutano le famiglie a trovarci. Non impostiamo nulla se non accetti, e puoi cambiare idea in qualsiasi momento da "Impostazioni cookie" in fondo a ogni pagina.',
    privacyPolicy: 'Informativa sulla privacy (in inglese)',
    accept: 'Accetta',
    decline: 'Rifiuta',
    withdraw: 'Revoca il consenso',
    close: 'Chiudi',
    settings: 'Impostazioni cookie',
    answered: {
      accepted: 'Hai accettato il cookie pubblicitario il',
      declined: 'Hai rifiutato il cookie pubblicitario il',
      withdrawn: 'Hai revocato il consenso al cookie pubblicitario il',
    },
    locale: 'it-IT',
  },
} as const;

export type ConsentTextLanguage = keyof typeof CONSENT_TEXT;
