/**
 * The shop's e-mails, each as plain text and HTML. Anything a visitor typed is escaped
 * (html-escape.ts). Other modules take these builders from ./service.ts.
 */
import type { ContactSubmissionTable } from '../../db/schema.ts';
import { escapeHtml } from '../../html-escape.ts';

export interface DownloadLinkItem {
  label: string;
  url: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
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
  orderId: string;
  items: string[];
  /** Subtotal, discount and tax when they apply, then the total (orders/fulfilment.ts). */
  charges: { label: string; amount: string }[];
  termsAcceptedAt: string | null;
  links: DownloadLinkItem[];
  linkValidDays: number;
  resendUrl: string;
  supportEmail: string;
  subscription: boolean;
}): RenderedMail {
  const links = linkList(input.links);
  const subscriptionNote = input.subscription
    ? 'Your membership is active. Sign in on our website with this e-mail address to see it at any time.'
    : '';
  const charges = input.charges.map(({ label, amount }) => `${label}: ${amount}`);
  const consent = input.termsAcceptedAt
    ? `You accepted the Terms and Conditions and asked for immediate delivery on ${new Date(input.termsAcceptedAt).toUTCString()}.`
    : '';
  const text = [
    'Thank you for your purchase!',
    '',
    `Order ID: ${input.orderId}`,
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
    subscriptionNote,
    '',
    `Questions? Write to ${input.supportEmail}; we reply within 24 hours.`,
  ]
    .filter((line, index, all) => line !== '' || all[index - 1] !== '')
    .join('\n');
  const html = layout(
    'Thank you for your purchase!',
    `<p>Order ID: <strong>${escapeHtml(input.orderId)}</strong><br>Items: ${escapeHtml(input.items.join(', '))}${charges.map((line) => `<br>${escapeHtml(line)}`).join('')}</p>
${consent ? `<p>${escapeHtml(consent)}</p>` : ''}
${input.links.length > 0 ? `<p>Your downloads (PDF and MP3 audiobook):</p>${links.html}<p>These links work for ${input.linkValidDays} days. You keep lifetime access: <a href="${escapeHtml(input.resendUrl)}">ask for fresh links</a> at any time.</p>` : ''}
${subscriptionNote ? `<p>${escapeHtml(subscriptionNote)}</p>` : ''}
<p>Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>; we reply within 24 hours.</p>`,
  );
  return { subject: 'Your ABA Parent Guides order and downloads', text, html };
}

export function downloadLinksMail(input: {
  links: DownloadLinkItem[];
  linkValidDays: number;
  supportEmail: string;
  /** The order the links are for, when support resends one order's links. */
  orderReference?: string;
}): RenderedMail {
  const links = linkList(input.links);
  const intro = input.orderReference
    ? `Here are fresh links for your order ${input.orderReference}:`
    : 'Here are fresh links for everything you bought with this e-mail address:';
  return {
    subject: 'Your ABA Parent Guides download links',
    text: `${intro}\n\n${links.text}\n\nThey work for ${input.linkValidDays} days. Questions? Write to ${input.supportEmail}.`,
    html: layout(
      'Your download links',
      `<p>${escapeHtml(intro)}</p>${links.html}<p>They work for ${input.linkValidDays} days. Questions? Write to <a href="mailto:${escapeHtml(input.supportEmail)}">${escapeHtml(input.supportEmail)}</a>.</p>`,
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
    ),
  };
}
