/**
 * The withdrawal function's words (docs/product.md#withdrawal), in English and in Italian: the
 * page speaks the language of the page its visitor came from, and so does its link.
 */
import type { WithdrawalLanguage, WithdrawalRefusalReason } from '@aba-shop/contract';
import { dateTimeUtc } from '@aba-shop/service-kit/date-time';

export const WITHDRAW_PATH = '/withdraw';

type Texts = {
  label: string;
  intro: string;
  ebooks: string;
  yourMemberships: string;
  membershipChoice: (name: string, bought: string, reference: string) => string;
  withdrawnOn: (when: string) => string;
  periodEndedOn: (when: string) => string;
  noneWithdrawable: string;
  email: string;
  emailHint: string;
  reference: string;
  referenceHint: string;
  signInHint: string;
  signIn: string;
  continue: string;
  checking: string;
  needEmail: string;
  needReference: string;
  needChoice: string;
  confirmHeading: string;
  contract: string;
  orderReference: string;
  boughtOn: string;
  until: string;
  refund: string;
  confirmNote: (amount: string) => string;
  /** Signed out: the withdrawal takes effect from the e-mail. */
  confirmNoteByMail: (amount: string) => string;
  confirm: string;
  confirming: string;
  back: string;
  doneHeading: string;
  received: (when: string) => string;
  refunded: (amount: string) => string;
  refundFollows: (amount: string) => string;
  mailed: (email: string) => string;
  /** Asked signed out: kept, and waiting for its confirmation from the order's mailbox. */
  unconfirmedHeading: string;
  unconfirmed: string;
  confirmLinkHeading: string;
  confirmingLink: string;
  noLink: string;
  refusal: Record<WithdrawalRefusalReason, (at: string | null) => string>;
  unreachable: string;
  failed: string;
};

export const WITHDRAW_TEXTS: Record<WithdrawalLanguage, Texts> = {
  en: {
    label: 'Withdraw from contract here',
    intro:
      'You may withdraw from the ABA Parent Support Membership within 14 days of buying it, without giving any reason: we refund it in full and it ends at once.',
    ebooks:
      'The eBooks cannot be withdrawn from: at checkout you asked for them to be delivered at once and acknowledged that you thereby lose your right of withdrawal.',
    yourMemberships: 'Your memberships',
    membershipChoice: (name, bought, reference) =>
      `${name}, bought on ${bought} (order ${reference})`,
    withdrawnOn: (when) => `Withdrawn on ${when}`,
    periodEndedOn: (when) => `The 14 days ended on ${when}`,
    noneWithdrawable: 'None of your memberships can be withdrawn from now.',
    email: 'E-mail address of your purchase',
    emailHint: 'The address your receipt e-mail went to.',
    reference: 'Order reference',
    referenceHint:
      'It reads ABA- and eight letters or digits (like ABA-K3QX-9PD2): in your receipt e-mail, at the foot of every page of your eBooks and on your account page.',
    signInHint: 'Signed in, you can pick your membership instead:',
    signIn: 'sign in',
    continue: 'Continue',
    checking: 'Checking...',
    needEmail: 'Please enter the e-mail address of your purchase.',
    needReference:
      'Please enter the order reference: ABA- and eight letters or digits, as in your receipt e-mail.',
    needChoice: 'Please choose the membership you withdraw from.',
    confirmHeading: 'Confirm your withdrawal',
    contract: 'Contract',
    orderReference: 'Order reference',
    boughtOn: 'Bought on',
    until: 'Withdrawal possible until',
    refund: 'Refund',
    confirmNote: (amount) =>
      `When you confirm, we refund ${amount} in full and your membership ends at once.`,
    confirmNoteByMail: (amount) =>
      `When you confirm, we keep your withdrawal with its date and time and e-mail the address of the order a link to make it take effect: your membership then ends at once and we refund ${amount} in full.`,
    confirm: 'Confirm withdrawal',
    confirming: 'Withdrawing...',
    back: 'Back',
    doneHeading: 'Withdrawal received',
    received: (when) => `We received your withdrawal on ${when}.`,
    refunded: (amount) => `We have refunded ${amount} and your membership has ended.`,
    refundFollows: (amount) =>
      `Your membership has ended. We are refunding ${amount} to your original means of payment: the refund follows within 14 days, and you need do nothing more.`,
    mailed: (email) => `We sent this confirmation to ${email} too.`,
    unconfirmedHeading: 'Check your e-mail to confirm',
    unconfirmed:
      'Your withdrawal is kept with this date and time. To make it take effect, confirm it from the e-mail we sent to the address of the order: your membership then ends at once and we refund it in full. Until then nothing changes. Signed in with that address, you can withdraw at once instead.',
    confirmLinkHeading: 'Your withdrawal',
    confirmingLink: 'Confirming your withdrawal...',
    noLink: 'This page confirms a withdrawal from the link in your e-mail from us.',
    refusal: {
      ebook: (at) =>
        at
          ? `This order is for eBooks, delivered at once: on ${dateTimeUtc(at, 'en')} you asked for immediate delivery and acknowledged that you thereby lose your right of withdrawal, so it cannot be withdrawn from.`
          : 'This order is for eBooks, delivered at once on your request, so it cannot be withdrawn from.',
      'period-over': (at) =>
        `The 14-day withdrawal period of this membership ended${at ? ` on ${dateTimeUtc(at, 'en')}` : ''}. You can still cancel it from your account: it then ends with the period paid for.`,
      'already-withdrawn': (at) =>
        `You already withdrew from this contract${at ? ` on ${dateTimeUtc(at, 'en')}` : ''}; its refund is made or on its way.`,
      refunded: () => 'This order has already been refunded.',
    },
    unreachable: 'We could not reach the shop. Please try again in a moment.',
    failed: 'Something went wrong on our side. Please try again, or write to support.',
  },
  it: {
    label: 'Recedi dal contratto qui',
    intro:
      "Puoi recedere dall'abbonamento ABA Parent Support Membership entro 14 giorni dall'acquisto, senza dare motivazioni: te lo rimborsiamo per intero e termina subito.",
    ebooks:
      'Per gli eBook non è possibile recedere: al momento del pagamento hai chiesto la consegna immediata e riconosciuto di perdere così il diritto di recesso.',
    yourMemberships: 'I tuoi abbonamenti',
    membershipChoice: (name, bought, reference) =>
      `${name}, acquistato il ${bought} (ordine ${reference})`,
    withdrawnOn: (when) => `Recesso esercitato il ${when}`,
    periodEndedOn: (when) => `I 14 giorni sono terminati il ${when}`,
    noneWithdrawable: 'Nessuno dei tuoi abbonamenti consente ora il recesso.',
    email: "Indirizzo e-mail dell'acquisto",
    emailHint: "L'indirizzo a cui è arrivata l'e-mail di conferma.",
    reference: "Riferimento dell'ordine",
    referenceHint:
      "È ABA- seguito da otto lettere o cifre (come ABA-K3QX-9PD2): nell'e-mail di conferma, in fondo a ogni pagina dei tuoi eBook e nella pagina del tuo account.",
    signInHint: 'Se accedi, puoi scegliere direttamente il tuo abbonamento:',
    signIn: 'accedi',
    continue: 'Continua',
    checking: 'Verifica in corso...',
    needEmail: "Inserisci l'indirizzo e-mail dell'acquisto.",
    needReference:
      "Inserisci il riferimento dell'ordine: ABA- seguito da otto lettere o cifre, come nell'e-mail di conferma.",
    needChoice: "Scegli l'abbonamento da cui recedere.",
    confirmHeading: 'Conferma il recesso',
    contract: 'Contratto',
    orderReference: "Riferimento dell'ordine",
    boughtOn: 'Acquistato il',
    until: 'Recesso possibile fino al',
    refund: 'Rimborso',
    confirmNote: (amount) =>
      `Confermando, ti rimborsiamo ${amount} per intero e l'abbonamento termina subito.`,
    confirmNoteByMail: (amount) =>
      `Confermando, registriamo il recesso con data e ora e inviamo all'indirizzo dell'ordine un link per renderlo effettivo: l'abbonamento termina subito e ti rimborsiamo ${amount} per intero.`,
    confirm: 'Conferma il recesso',
    confirming: 'Recesso in corso...',
    back: 'Indietro',
    doneHeading: 'Recesso ricevuto',
    received: (when) => `Abbiamo ricevuto il tuo recesso il ${when}.`,
    refunded: (amount) => `Ti abbiamo rimborsato ${amount} e l'abbonamento è terminato.`,
    refundFollows: (amount) =>
      `L'abbonamento è terminato. Ti stiamo rimborsando ${amount} sul mezzo di pagamento originale: il rimborso segue entro 14 giorni e non devi fare altro.`,
    mailed: (email) => `Abbiamo inviato questa conferma anche a ${email}.`,
    unconfirmedHeading: 'Controlla la tua e-mail per confermare',
    unconfirmed:
      "Il tuo recesso è registrato con questa data e ora. Per renderlo effettivo, confermalo dall'e-mail che abbiamo inviato all'indirizzo dell'ordine: l'abbonamento termina subito e te lo rimborsiamo per intero. Fino ad allora non cambia nulla. Se accedi con quell'indirizzo, puoi invece recedere subito.",
    confirmLinkHeading: 'Il tuo recesso',
    confirmingLink: 'Conferma del recesso in corso...',
    noLink: "Questa pagina conferma un recesso dal link nell'e-mail che ti abbiamo inviato.",
    refusal: {
      ebook: (at) =>
        at
          ? `Questo ordine riguarda eBook consegnati subito: il ${dateTimeUtc(at, 'it')} hai chiesto la consegna immediata e riconosciuto di perdere così il diritto di recesso, quindi non è possibile recedere.`
          : 'Questo ordine riguarda eBook consegnati subito su tua richiesta, quindi non è possibile recedere.',
      'period-over': (at) =>
        `Il periodo di recesso di 14 giorni di questo abbonamento è terminato${at ? ` il ${dateTimeUtc(at, 'it')}` : ''}. Puoi ancora annullarlo dal tuo account: terminerà alla fine del periodo pagato.`,
      'already-withdrawn': (at) =>
        `Hai già esercitato il recesso da questo contratto${at ? ` il ${dateTimeUtc(at, 'it')}` : ''}; il rimborso è stato eseguito o è in corso.`,
      refunded: () => 'Questo ordine è già stato rimborsato.',
    },
    unreachable: 'Non è stato possibile raggiungere il negozio. Riprova tra un momento.',
    failed: 'Si è verificato un errore da parte nostra. Riprova, oppure scrivi al supporto.',
  },
};
