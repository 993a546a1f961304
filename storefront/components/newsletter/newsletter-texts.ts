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
    /** The shop's own answer is in English; an Italian page says it in Italian. */
    almostThere: 'Almost there: check your inbox for a link to confirm your subscription.',
    subscribe: 'Subscribe',
    subscribing: 'Subscribing…',
    noAnswer: 'We could not reach the shop. Please try again in a moment.',
    subscribed: 'You are subscribed',
    subscribedAs: (email: string) =>
      `${email} will get our newsletter: practical tips and new resources, about twice a month. Every e-mail has a one-click unsubscribe.`,
    toBlog: 'Read the latest articles',
    notConfirmed: 'This confirmation link did not work',
    invalidConfirmation:
      'This confirmation link is not valid or has expired: sign up again to get a new one.',
    signUpAgain: 'Sign up again to get a new link:',
    notConfirmedYet: 'We could not confirm your subscription yet',
    tryLinkAgain:
      'We could not reach the shop. Please open the link in your e-mail again in a moment.',
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
    almostThere:
      "Ci siamo quasi: controlla la tua casella di posta, troverai un link per confermare l'iscrizione.",
    subscribe: 'Iscriviti',
    subscribing: 'Iscrizione…',
    noAnswer: 'Non siamo riusciti a raggiungere il negozio. Riprova tra un momento.',
    subscribed: 'Iscrizione confermata',
    subscribedAs: (email: string) =>
      `${email} riceverà la nostra newsletter: consigli pratici e nuove risorse, circa due volte al mese. Ogni e-mail ha un link per disiscriversi con un clic.`,
    toBlog: 'Leggi gli ultimi articoli',
    notConfirmed: 'Questo link di conferma non ha funzionato',
    invalidConfirmation:
      'Questo link di conferma non è valido o è scaduto: iscriviti di nuovo per riceverne uno nuovo.',
    signUpAgain: 'Iscriviti di nuovo per ricevere un nuovo link:',
    notConfirmedYet: 'Non abbiamo ancora potuto confermare la tua iscrizione',
    tryLinkAgain:
      "Non siamo riusciti a raggiungere il negozio. Riapri tra un momento il link nell'e-mail.",
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
