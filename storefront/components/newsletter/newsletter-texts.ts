/**
 * The newsletter's words on the shop's pages (docs/product.md#keeping-in-touch), in English and,
 * on an Italian page, in Italian. The consent's own text is the contract's, as it is recorded.
 */
import { NEWSLETTER_CONSENT_TEXT } from '@aba-shop/contract/constants';

export const NEWSLETTER_TEXTS = {
  en: {
    formName: 'Newsletter sign-up',
    heading: 'Get our newsletter',
    email: 'Your e-mail address',
    consent: NEWSLETTER_CONSENT_TEXT.en,
    consentNeeded: 'Tick the box to agree to receive the newsletter.',
    emailNeeded: 'Please enter a valid e-mail address.',
    subscribe: 'Subscribe',
    subscribing: 'Subscribing…',
    noAnswer: 'We could not reach the shop. Please try again in a moment.',
    subscribed: 'You are subscribed',
    subscribedAs: (email: string) =>
      `${email} will get our newsletter: practical tips and new resources, about twice a month. Every e-mail has a one-click unsubscribe.`,
    toBlog: 'Read the latest articles',
    notConfirmed: 'This confirmation link did not work',
    signUpAgain: 'Sign up again to get a new link:',
    unsubscribeHeading: 'Unsubscribe from ABA Parent Guides e-mails',
    unsubscribeIntro:
      'You will get no more newsletters, tips or reminders from us. Receipts and messages about your orders still arrive.',
    unsubscribe: 'Unsubscribe',
    unsubscribing: 'Unsubscribing…',
    unsubscribed: 'You are unsubscribed',
    unsubscribedText: (email: string) =>
      `${email} will get no more newsletters, tips or reminders. Receipts and messages about your orders still arrive.`,
    invalidLink: 'This unsubscribe link is not valid.',
  },
  it: {
    formName: 'Iscrizione alla newsletter',
    heading: 'Ricevi la nostra newsletter',
    email: 'Il tuo indirizzo e-mail',
    consent: NEWSLETTER_CONSENT_TEXT.it,
    consentNeeded: 'Spunta la casella per accettare di ricevere la newsletter.',
    emailNeeded: 'Inserisci un indirizzo e-mail valido.',
    subscribe: 'Iscriviti',
    subscribing: 'Iscrizione…',
    noAnswer: 'Non siamo riusciti a raggiungere il negozio. Riprova tra un momento.',
    subscribed: 'Iscrizione confermata',
    subscribedAs: (email: string) =>
      `${email} riceverà la nostra newsletter: consigli pratici e nuove risorse, circa due volte al mese. Ogni e-mail ha un link per disiscriversi con un clic.`,
    toBlog: 'Leggi gli ultimi articoli',
    notConfirmed: 'Questo link di conferma non ha funzionato',
    signUpAgain: 'Iscriviti di nuovo per ricevere un nuovo link:',
    unsubscribeHeading: 'Disiscriviti dalle e-mail di ABA Parent Guides',
    unsubscribeIntro:
      'Non riceverai più newsletter, consigli o promemoria. Le ricevute e i messaggi sui tuoi ordini continuano ad arrivare.',
    unsubscribe: 'Disiscriviti',
    unsubscribing: 'Disiscrizione…',
    unsubscribed: 'Disiscrizione completata',
    unsubscribedText: (email: string) =>
      `${email} non riceverà più newsletter, consigli o promemoria. Le ricevute e i messaggi sui tuoi ordini continuano ad arrivare.`,
    invalidLink: 'Questo link per disiscriversi non è valido.',
  },
} as const;

export type NewsletterLanguage = keyof typeof NEWSLETTER_TEXTS;

/** `?lang=it` on a page an e-mail links to: the language the e-mail was in. */
export const languageOfQuery = (lang: string | string[] | undefined): NewsletterLanguage =>
  lang === 'it' ? 'it' : 'en';
