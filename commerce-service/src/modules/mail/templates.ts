/**
 * The shop's e-mails, each as plain text and HTML. Anything a visitor typed is escaped
 * (@aba-shop/service-kit/html-escape). Other modules take these builders from ./service.ts.
 */
import type { ContactSubmissionTable } from '../../db/schema.ts';
import { escapeHtml } from '@aba-shop/service-kit/html-escape';
import {
  LIBRARY_LINK_DAYS,
  WITHDRAWAL_PERIOD_DAYS,
  type WithdrawalLanguage,
} from '@aba-shop/contract';
import { dateTimeUtc } from '@aba-shop/service-kit/date-time';

export interface DownloadLinkItem {
  label: string;
  url: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The HTML every message is wrapped in: inline styles only, as mail clients allow. */
export function layout(title: string, body: string, language: 'en' | 'it' = 'en'): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#1e293b;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#065f46;font-size:22px">${escapeHtml(title)}</h1>
${body}
<p style="color:#64748b;font-size:13px;margin-top:32px">ABA Parent Guides</p>
</body></html>`;
}

function linkList(links: DownloadLinkItem[]): { text: string; html: string } {
  return {
    text: links.map((link) => `- ${link.label}: ${link.url}`).join('\n'),
    html: `<ul>${links
      .map((link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`)
      .join('')}</ul>`,
  };
}

export function orderConfirmationMail(input: {
  orderNumber: string;
  items: string[];
  /** Subtotal, discount and tax when they apply, then the total (orders/fulfilment.ts). */
  charges: { label: string; amount: string }[];
  termsAcceptedAt: string | null;
  links: DownloadLinkItem[];
  linkValidDays: number;
  resendUrl: string;
  /** The order's library link. */
  libraryUrl: string;
  supportEmail: string;
  subscription: boolean;
}): RenderedMail {
  const links = linkList(input.links);
  const library = libraryParagraph(input.libraryUrl);
  // The withdrawal function's page is the storefront's, as the thank-you page is.
  const withdrawalUrl = new URL('/withdraw', input.resendUrl).toString();
  const subscriptionNote = input.subscription
    ? 'Your membership is active. Sign in on our website with this e-mail address to see it at any time.'
    : '';
  const charges = input.charges.map(({ label, amount }) => `${label}: ${amount}`);
  // The confirmation on a durable medium of what the buyer agreed to at checkout
  // (docs/product.md#withdrawal): the eBooks' waiver with its time, the membership's 14 days.
  const consent = input.termsAcceptedAt
    ? input.links.length > 0
      ? `You accepted the Terms and Conditions and asked for immediate delivery of your eBooks on ${dateTimeUtc(input.termsAcceptedAt, 'en')}, and you acknowledged that you thereby lose your right of withdrawal from their purchase.`
      : `You accepted the Terms and Conditions on ${dateTimeUtc(input.termsAcceptedAt, 'en')}.`
    : '';
  const withdrawalNote = input.subscription
    ? `You may withdraw from your membership within ${WITHDRAWAL_PERIOD_DAYS} days of today without giving any reason, and we refund it in full: use "Withdraw from contract here" at the foot of every page of our website, or go to ${withdrawalUrl}`
    : '';
  const text = [
    'Thank you for your purchase!',
    '',
    `Order number: ${input.orderNumber}`,
    `Items: ${input.items.join(', ')}`,
    ...charges,
    consent,
    '',
    input.links.length > 0 ? 'Your downloads (PDF and MP3 audiobook):' : '',
    links.text,
    '',
    input.links.length > 0
      ? `These links work for ${input.linkValidDays} days. You keep lifetime access: ask for fresh links at any time at ${input.resendUrl}`
      : '',
    '',
    library.text,
    subscriptionNote,
    withdrawalNote,
    '',
    `Questions? Write to ${input.supportEmail}; we reply within 24 hours.`,
  ]
    .filter((line, index, all) => line !== '' || all[index - 1] !== '')
    .join('\n');
  const html = layout(
    'Thank you for your purchase!',
    `<p>Order number: <strong>${escapeHtml(input.orderNumber)}</strong><br>Items: ${escapeHtml(input.items.join(', '))}${charges.map((line) => `<br>${escapeHtml(line)}`).join('')}</p>
${consent ? `<p>${escapeHtml(consent)}</p>` : ''}
${input.links.length > 0 ? `<p>Your downloads (PDF and MP3 audiobook):</p>${links.html}<p>These links work for ${input.linkValidDays} days. You keep lifetime access: <a href="${escapeHtml(input.resendUrl)}">ask for fresh links</a> at any time.</p>` : ''}
${library.html}
${subscriptionNote ? `<p>${escapeHtml(subscriptionNote)}</p>` : ''}
${withdrawalNote ? `<p>You may withdraw from your membership within ${WITHDRAWAL_PERIOD_DAYS} days of today without giving any reason, and we refund it in full: <a href="${escapeHtml(withdrawalUrl)}">Withdraw from contract here</a>.</p>` : ''}
<p>Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>; we reply within 24 hours.</p>`,
  );
  return { subject: 'Your ABA Parent Guides order and downloads', text, html };
}

/** The library link's paragraph, in every e-mail that carries one (docs/product.md#library). */
function libraryParagraph(url: string): { text: string; html: string } {
  const lead = 'Read and listen in your library, on any device, picking up where you left off:';
  const after = `This link opens your library for ${LIBRARY_LINK_DAYS} days; after that, ask for a new one from the page it opens. Keep it private: it opens your library without a password.`;
  return {
    text: `${lead} ${url}\n${after}`,
    html: `<p>${escapeHtml(lead)} <a href="${escapeHtml(url)}">Open my library</a></p><p>${escapeHtml(after)}</p>`,
  };
}

export function downloadLinksMail(input: {
  links: DownloadLinkItem[];
  /** The address's library link, renewed by this e-mail. */
  libraryUrl: string;
  linkValidDays: number;
  supportEmail: string;
  /** The order the links are for, when support resends one order's links. */
  orderReference?: string;
}): RenderedMail {
  const links = linkList(input.links);
  const intro = input.orderReference
    ? `Here are fresh links for your order ${input.orderReference}:`
    : 'Here are fresh links for everything you bought with this e-mail address:';
  const library = libraryParagraph(input.libraryUrl);
  return {
    subject: 'Your ABA Parent Guides download links',
    text: `${intro}\n\n${links.text}\n\nThey work for ${input.linkValidDays} days.\n\n${library.text}\n\nQuestions? Write to ${input.supportEmail}.`,
    html: layout(
      'Your download links',
      `<p>${escapeHtml(intro)}</p>${links.html}<p>They work for ${input.linkValidDays} days.</p>${library.html}<p>Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    ),
  };
}

/**
 * To a member, once for each member resource published (docs/product.md#member-resources):
 * what it is and what is in it, and the way to their library, which they open as always (the
 * e-mail carries no library link of its own, so forwarding it opens nothing).
 */
export function memberResourceMail(input: {
  title: string;
  /** 'March 2026' */
  monthLabel: string;
  /** As the marketer wrote it. */
  description: string;
  worksheets: string[];
  recording: boolean;
  transcript: boolean;
  questions: number;
  libraryUrl: string;
  supportEmail: string;
}): RenderedMail {
  const contents = [
    ...input.worksheets.map((name) => `Worksheet: ${name} (PDF, made out to you)`),
    ...(input.recording
      ? [
          [
            'The recorded Q&A',
            input.questions > 0 ? ` (${input.questions} questions)` : '',
            input.transcript ? ', with its transcript' : '',
          ].join(''),
        ]
      : []),
  ];
  const intro = `Your membership's resource for ${input.monthLabel} is in your library: ${input.title}.`;
  const open =
    'Sign in there with this e-mail address, or open it with the library link in your receipt.';
  return {
    subject: `New for members: ${input.title}`,
    text: [
      intro,
      '',
      input.description,
      '',
      "What's inside:",
      ...contents.map((line) => `- ${line}`),
      '',
      `Open your library: ${input.libraryUrl}`,
      open,
      '',
      `Questions? Write to ${input.supportEmail}.`,
    ].join('\n'),
    html: layout(
      `New for members: ${input.title}`,
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(input.description)}</p><p>What's inside:</p><ul>${contents
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join(
          '',
        )}</ul><p><a href="${escapeHtml(input.libraryUrl)}">Open your library</a>. ${escapeHtml(open)}</p><p>Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
    ),
  };
}

/** What a visitor sent with the contact form, as the shop keeps it. */
export type ContactDetails = Omit<ContactSubmissionTable, 'id' | 'created_at'>;

/** To the shop owner, for every contact form submission. */
export function contactNotificationMail(contact: ContactDetails): RenderedMail {
  const rows: [string, string][] = [
    ['Name', contact.name],
    ['E-mail', contact.email],
    ['Phone', contact.phone ?? '—'],
    ['Subject', contact.subject],
    ["Child's age", contact.child_age ?? '—'],
  ];
  return {
    subject: `Contact form: ${contact.subject} (from ${contact.name})`,
    text: `${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${contact.message}`,
    html: layout(
      'New message from the contact form',
      `<table>${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table><p style="white-space:pre-wrap">${escapeHtml(contact.message)}</p>`,
    ),
  };
}

/**
 * The auto-reply to the visitor: kept as a template, but not sent with the shop's setting
 * (docs/product.md#api).
 */
export function contactAutoReplyMail(contact: ContactDetails): RenderedMail {
  return {
    subject: `We received your message: ${contact.subject}`,
    text: `Hello ${contact.name},\n\nThank you for writing to us about "${contact.subject}". We reply within 24 hours.\n\nYour message:\n${contact.message}\n\nABA Parent Guides`,
    html: layout(
      'We received your message',
      `<p>Hello ${escapeHtml(contact.name)},</p><p>Thank you for writing to us about “${escapeHtml(contact.subject)}”. We reply within 24 hours.</p><p>Your message:</p><p style="white-space:pre-wrap">${escapeHtml(contact.message)}</p>`,
    ),
  };
}

/** The sign-in code, in Italian like the login page it is typed into. */
export function signInCodeMail(code: string, validMinutes: number): RenderedMail {
  return {
    subject: `Il tuo codice di accesso: ${code}`,
    text: `Il tuo codice di accesso ad ABA Parent Guides è ${code}.\n\nVale ${validMinutes} minuti e si può usare una sola volta. Se non l'hai richiesto tu, ignora questa e-mail.`,
    html: layout(
      'Il tuo codice di accesso',
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(code)}</p><p>Vale ${validMinutes} minuti e si può usare una sola volta. Se non l'hai richiesto tu, ignora questa e-mail.</p>`,
      'it',
    ),
  };
}

/**
 * The sign-in link sent instead of codes while too many wrong codes were entered for the address
 * (docs/product.md#sign-in-codes), in Italian like the login page: why, until when, and the
 * link, which signs in whoever has this mailbox.
 */
export function signInLinkMail(input: {
  signInUrl: string;
  validMinutes: number;
  wrongCodes: number;
  pausedUntil: string;
}): RenderedMail {
  const paragraphs = [
    `Per il tuo indirizzo sono stati inseriti ${input.wrongCodes} codici di accesso sbagliati. Per sicurezza l'accesso con codice è sospeso fino al ${dateTimeUtc(input.pausedUntil, 'it')}.`,
    `Se stai cercando di accedere tu, usa questo link: vale ${input.validMinutes} minuti e si può usare una sola volta.`,
    'Se non sei stato tu, non devi fare nulla: nessuno può accedere al tuo account senza questa e-mail.',
  ];
  const html = (paragraph: string) => `<p>${escapeHtml(paragraph)}</p>`;
  return {
    subject: 'Il tuo link di accesso ad ABA Parent Guides',
    text: [paragraphs[0], paragraphs[1], `Accedi: ${input.signInUrl}`, paragraphs[2]].join('\n\n'),
    html: layout(
      'Il tuo link di accesso',
      `${html(paragraphs[0] as string)}
${html(paragraphs[1] as string)}
<p><a href="${escapeHtml(input.signInUrl)}">Accedi</a></p>
${html(paragraphs[2] as string)}`,
      'it',
    ),
  };
}

const ACKNOWLEDGEMENT = {
  en: {
    subject: (reference: string) => `We received your withdrawal from order ${reference}`,
    title: 'We received your withdrawal',
    received: (when: string) => `We received your withdrawal from the contract below on ${when}.`,
    contract: 'Contract',
    order: 'Order reference',
    refund: (amount: string) =>
      `We have refunded ${amount} to your original means of payment; your bank may take a few days to show it.`,
    refundFollows: (amount: string) =>
      `We are refunding ${amount} to your original means of payment: the refund follows within 14 days, and your bank may take a few days more to show it.`,
    ended: 'Your membership ended at once and will not renew.',
    keep: 'Keep this e-mail as your confirmation.',
    questions: (support: string) => `Questions? Write to ${support}.`,
  },
  it: {
    subject: (reference: string) => `Abbiamo ricevuto il tuo recesso dall'ordine ${reference}`,
    title: 'Abbiamo ricevuto il tuo recesso',
    received: (when: string) =>
      `Abbiamo ricevuto il tuo recesso dal contratto indicato qui sotto il ${when}.`,
    contract: 'Contratto',
    order: 'Riferimento ordine',
    refund: (amount: string) =>
      `Ti abbiamo rimborsato ${amount} sul mezzo di pagamento originale; la banca può impiegare qualche giorno a mostrarlo.`,
    refundFollows: (amount: string) =>
      `Ti stiamo rimborsando ${amount} sul mezzo di pagamento originale: il rimborso segue entro 14 giorni e la banca può impiegare qualche giorno in più a mostrarlo.`,
    ended: "L'abbonamento è terminato subito e non si rinnoverà.",
    keep: 'Conserva questa e-mail come conferma.',
    questions: (support: string) => `Domande? Scrivi a ${support}.`,
  },
} as const;

/**
 * The acknowledgement of a withdrawal on a durable medium (docs/product.md#withdrawal): what was
 * withdrawn from, the date and time the shop received it, and what the shop did (the refund made,
 * or to follow while the payment provider has not made it), in the language of the page it came
 * from.
 */
export function withdrawalAcknowledgementMail(input: {
  language: WithdrawalLanguage;
  orderReference: string;
  productName: string;
  receivedAt: string;
  amountRefunded: string;
  /** Whether the provider has refunded it already; otherwise the mail says the refund follows. */
  refunded: boolean;
  supportEmail: string;
}): RenderedMail {
  const words = ACKNOWLEDGEMENT[input.language];
  const refund = input.refunded ? words.refund : words.refundFollows;
  const paragraphs = [
    words.received(dateTimeUtc(input.receivedAt, input.language)),
    `${words.contract}: ${input.productName}\n${words.order}: ${input.orderReference}`,
    `${refund(input.amountRefunded)} ${words.ended}`,
    words.keep,
  ];
  return {
    subject: words.subject(input.orderReference),
    text: [...paragraphs, words.questions(input.supportEmail)].join('\n\n'),
    html: layout(
      words.title,
      `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`).join('\n')}
<p>${escapeHtml(words.questions(input.supportEmail))}</p>`,
      input.language,
    ),
  };
}

const CONFIRMATION = {
  en: {
    subject: (reference: string) => `Confirm your withdrawal from order ${reference}`,
    title: 'Confirm your withdrawal',
    received: (when: string) =>
      `We received a withdrawal from the contract below on ${when}, sent without signing in.`,
    confirm:
      'To make it take effect, confirm it from this e-mail: your membership then ends at once and we refund it in full. The date above stays the date of your withdrawal.',
    button: 'Confirm my withdrawal',
    notYou:
      'If you did not ask for this, ignore this e-mail: nothing changes, and your membership continues.',
  },
  it: {
    subject: (reference: string) => `Conferma il recesso dall'ordine ${reference}`,
    title: 'Conferma il tuo recesso',
    received: (when: string) =>
      `Il ${when} abbiamo ricevuto un recesso dal contratto indicato qui sotto, inviato senza accedere.`,
    confirm:
      "Per renderlo effettivo, confermalo da questa e-mail: l'abbonamento termina subito e te lo rimborsiamo per intero. La data qui sopra resta la data del tuo recesso.",
    button: 'Conferma il mio recesso',
    notYou:
      "Se non l'hai chiesto tu, ignora questa e-mail: non cambia nulla e l'abbonamento continua.",
  },
} as const;

/**
 * The acknowledgement of a withdrawal sent signed out (docs/product.md#withdrawal): the date and
 * time it was received, and the single-use link to the order's mailbox that makes it take
 * effect, in the language of the page it came from.
 */
export function withdrawalConfirmationMail(input: {
  language: WithdrawalLanguage;
  orderReference: string;
  productName: string;
  receivedAt: string;
  confirmUrl: string;
  supportEmail: string;
}): RenderedMail {
  const words = CONFIRMATION[input.language];
  const contract = ACKNOWLEDGEMENT[input.language];
  const paragraphs = [
    words.received(dateTimeUtc(input.receivedAt, input.language)),
    `${contract.contract}: ${input.productName}\n${contract.order}: ${input.orderReference}`,
    words.confirm,
  ];
  const html = (paragraph: string) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`;
  return {
    subject: words.subject(input.orderReference),
    text: [
      ...paragraphs,
      `${words.button}: ${input.confirmUrl}`,
      words.notYou,
      contract.questions(input.supportEmail),
    ].join('\n\n'),
    html: layout(
      words.title,
      `${paragraphs.map(html).join('\n')}
<p><a href="${escapeHtml(input.confirmUrl)}">${escapeHtml(words.button)}</a></p>
${html(words.notYou)}
${html(contract.questions(input.supportEmail))}`,
      input.language,
    ),
  };
}

/**
 * A refund made from the support console (docs/product.md#refunds-from-the-console), in English
 * as the buyer's mail is: what was refunded, in the withdrawal acknowledgement's words for the
 * money, and which files stop downloading.
 */
export function orderRefundMail(input: {
  orderReference: string;
  /** The products this refund gave back. */
  productNames: string[];
  /** Whether no line of the order is left unrefunded. */
  nothingLeft: boolean;
  amountRefunded: string;
  supportEmail: string;
}): RenderedMail {
  const words = ACKNOWLEDGEMENT.en;
  const files = input.nothingLeft
    ? 'Your order is now refunded in full: its download links and its library no longer open.'
    : 'The download links of what was refunded no longer open; the rest of your order stays yours, as before.';
  const paragraphs = [
    `We have refunded ${input.productNames.join(', ')} of your order ${input.orderReference}.`,
    `${words.refund(input.amountRefunded)} ${files}`,
  ];
  return {
    subject: `Refund of your order ${input.orderReference}`,
    text: [...paragraphs, words.questions(input.supportEmail)].join('\n\n'),
    html: layout(
      'Your refund',
      `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p>${escapeHtml(words.questions(input.supportEmail))}</p>`,
    ),
  };
}
