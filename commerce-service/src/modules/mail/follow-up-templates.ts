/**
 * The messages of keeping in touch (docs/product.md#keeping-in-touch): the newsletter's
 * confirmation and issues, the welcome, the review request, the checkout reminder and the
 * membership's failed payment. Each message that is not needed for an order ends with the way
 * out, as its List-Unsubscribe header says too. Plain text and HTML with inline styles only.
 */
import { escapeHtml } from '@aba-shop/service-kit/html-escape';
import { layout, type RenderedMail } from './templates.ts';

type Language = 'en' | 'it';

const BUTTON_STYLE =
  'display:inline-block;background:#065f46;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold';

function button(label: string, url: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`;
}

const WAY_OUT = {
  en: {
    why: 'You get this e-mail because you bought from or subscribed to ABA Parent Guides.',
    unsubscribe: 'Unsubscribe',
    text: (url: string) => `Unsubscribe with one click: ${url}`,
  },
  it: {
    why: 'Ricevi questa e-mail perché hai acquistato da ABA Parent Guides o ti sei iscritto.',
    unsubscribe: 'Disiscriviti',
    text: (url: string) => `Disiscriviti con un clic: ${url}`,
  },
} as const;

/** The way out at the foot of every message that is not needed for an order. */
function wayOut(url: string, language: Language = 'en') {
  const words = WAY_OUT[language];
  return {
    text: `--\n${words.why}\n${words.text(url)}`,
    html: `<p style="color:#64748b;font-size:12px;margin-top:32px;border-top:1px solid #e2e8f0;padding-top:12px">${escapeHtml(words.why)} <a href="${escapeHtml(url)}" style="color:#64748b">${escapeHtml(words.unsubscribe)}</a></p>`,
  };
}

const CONFIRMATION = {
  en: {
    subject: 'Confirm your subscription to ABA Parent Guides',
    title: 'Confirm your subscription',
    intro:
      'Someone, hopefully you, asked to receive the ABA Parent Guides newsletter at this address.',
    action: 'Confirm my subscription',
    validity:
      'The link works for 7 days. If you did not ask for this, ignore this e-mail: you will not be subscribed.',
  },
  it: {
    subject: 'Conferma la tua iscrizione ad ABA Parent Guides',
    title: 'Conferma la tua iscrizione',
    intro:
      'Qualcuno, speriamo tu, ha chiesto di ricevere la newsletter di ABA Parent Guides a questo indirizzo.',
    action: 'Conferma la mia iscrizione',
    validity:
      "Il link vale 7 giorni. Se non l'hai chiesto tu, ignora questa e-mail: non verrai iscritto.",
  },
} as const;

/** The double opt-in's link, in the language of the page the sign-up came from. */
export function newsletterConfirmationMail(input: {
  language: Language;
  confirmUrl: string;
}): RenderedMail {
  const words = CONFIRMATION[input.language];
  return {
    subject: words.subject,
    text: `${words.intro}\n\n${words.action}: ${input.confirmUrl}\n\n${words.validity}`,
    html: layout(
      words.title,
      `<p>${escapeHtml(words.intro)}</p>${button(words.action, input.confirmUrl)}<p>${escapeHtml(words.validity)}</p>`,
      input.language,
    ),
  };
}

const WEB_ADDRESS = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** A line of an issue's body as HTML: escaped, its web addresses made links. */
function inlineHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(WEB_ADDRESS)) {
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}" style="color:#065f46">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(line.slice(last));
}

/**
 * A marketer's body as the CMS's field describes it: paragraphs apart by a blank line, a
 * paragraph of lines starting with '- ' a list, web addresses links. Nothing else is markup.
 */
export function issueBodyHtml(body: string): string {
  return body
    .replaceAll('\r\n', '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const lines = paragraph.split('\n').map((line) => line.trim());
      if (lines.every((line) => line.startsWith('- ')))
        return `<ul>${lines.map((line) => `<li>${inlineHtml(line.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${lines.map(inlineHtml).join('<br>')}</p>`;
    })
    .join('\n');
}

export interface NewsletterIssueContent {
  subject: string;
  previewLine: string | null;
  body: string;
  buttonLabel: string | null;
  buttonUrl: string | null;
}

/** An issue as its subscribers get it; a preview is marked so in its subject. */
export function newsletterIssueMail(
  issue: NewsletterIssueContent,
  { unsubscribeUrl, preview = false }: { unsubscribeUrl: string; preview?: boolean },
): RenderedMail {
  const way = wayOut(unsubscribeUrl);
  const action =
    issue.buttonLabel && issue.buttonUrl
      ? { label: issue.buttonLabel, url: issue.buttonUrl }
      : null;
  // The preview line shows after the subject in the inbox, and nowhere in the message itself.
  const preheader = issue.previewLine
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(issue.previewLine)}</div>`
    : '';
  return {
    subject: `${preview ? '[Preview] ' : ''}${issue.subject}`,
    text: [
      issue.body.replaceAll('\r\n', '\n').trim(),
      action ? `${action.label}: ${action.url}` : '',
      way.text,
    ]
      .filter(Boolean)
      .join('\n\n'),
    html: layout(
      issue.subject,
      `${preheader}${issueBodyHtml(issue.body)}${action ? button(action.label, action.url) : ''}${way.html}`,
    ),
  };
}

export interface FollowUpBook {
  title: string;
  firstChapter: string;
  /** The chapter for the struggles parents write to us about most. */
  struggleChapter: { number: number; title: string } | null;
}

/**
 * The follow-ups' words, in the language of the flow the buyer came through: Italian after an
 * Italian thank-you page (docs/product.md#keeping-in-touch). The books' titles stay as printed.
 */
const FOLLOW_UP = {
  en: {
    start: {
      subject: 'Start with chapter 1',
      intro:
        'A few days ago you bought your eBooks. The best place to begin is chapter 1: it takes about twenty minutes, and you can listen to it as an audiobook while you do something else.',
      chapter: (book: FollowUpBook) => `${book.title}: chapter 1, "${book.firstChapter}"`,
      library: 'Read and listen in your library, on any device: it remembers where you stopped.',
      open: 'Open my library',
      help: (support: string) =>
        `Stuck, or not sure where to start with your child? Reply to this e-mail or write to ${support}.`,
    },
    checkIn: {
      subject: 'How is it going?',
      intro:
        'It has been a week since you got your eBooks. How is it going? Most parents who write to us are finding meltdowns, transitions or bedtime hard; if that is you too, this is the chapter to read next:',
      chapter: (book: FollowUpBook, number: number, title: string) =>
        `${book.title}, chapter ${number}: "${title}"`,
      reply: (support: string) =>
        `Just reply to this e-mail to tell us how it is going or to ask a question: it reaches our support team (${support}), and a person answers within 24 hours.`,
    },
    review: {
      subject: (product: string) => `How are you finding ${product}?`,
      intro:
        'Two weeks in, we would love to hear what you think. A few honest words help other parents decide, and help us make the guides better. It takes two minutes.',
      action: (product: string) => `Review ${product}`,
      note: 'Each link works once. We publish reviews only with your permission.',
    },
    reminder: {
      subject: 'You left something in your basket',
      intro:
        'You started a checkout at ABA Parent Guides and did not finish it: life with children gets in the way, we know. Your basket is waiting:',
      finish: 'Finish your order',
      action: 'Finish my order',
      after: (support: string) =>
        `This is the only reminder we send. Questions before you buy? Write to ${support}.`,
    },
  },
  it: {
    start: {
      subject: 'Inizia dal capitolo 1',
      intro:
        'Qualche giorno fa hai acquistato i tuoi eBook. Il punto migliore da cui partire è il capitolo 1: richiede una ventina di minuti, e puoi ascoltarlo come audiolibro mentre fai altro.',
      chapter: (book: FollowUpBook) => `${book.title}: capitolo 1, "${book.firstChapter}"`,
      library:
        'Leggi e ascolta nella tua biblioteca, su qualsiasi dispositivo: ricorda dove ti sei fermato.',
      open: 'Apri la mia biblioteca',
      help: (support: string) =>
        `Bloccato, o non sai da dove cominciare con tuo figlio? Rispondi a questa e-mail o scrivi a ${support}.`,
    },
    checkIn: {
      subject: 'Come sta andando?',
      intro:
        'È passata una settimana da quando hai ricevuto i tuoi eBook. Come sta andando? Molti genitori che ci scrivono trovano difficili le crisi, i passaggi da un’attività all’altra o l’ora di andare a letto; se succede anche a te, questo è il capitolo da leggere adesso:',
      chapter: (book: FollowUpBook, number: number, title: string) =>
        `${book.title}, capitolo ${number}: "${title}"`,
      reply: (support: string) =>
        `Rispondi a questa e-mail per raccontarci come va o per farci una domanda: arriva al nostro supporto (${support}) e una persona ti risponde entro 24 ore.`,
    },
    review: {
      subject: (product: string) => `Come ti trovi con ${product}?`,
      intro:
        'Dopo due settimane ci piacerebbe sapere cosa ne pensi. Poche parole sincere aiutano altri genitori a decidere, e aiutano noi a migliorare le guide. Bastano due minuti.',
      action: (product: string) => `Recensisci ${product}`,
      note: 'Ogni link vale una volta. Pubblichiamo le recensioni solo con il tuo permesso.',
    },
    reminder: {
      subject: 'Hai lasciato qualcosa nel carrello',
      intro:
        'Hai iniziato un acquisto su ABA Parent Guides senza completarlo: con i bambini capita, lo sappiamo. Il tuo carrello ti aspetta:',
      finish: 'Completa il tuo ordine',
      action: 'Completa il mio ordine',
      after: (support: string) =>
        `È l’unico promemoria che inviamo. Domande prima di acquistare? Scrivi a ${support}.`,
    },
  },
} as const;

const listText = (lines: string[]) => lines.map((line) => `- ${line}`).join('\n');
const listHtml = (lines: string[]) =>
  `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;

/** Day 2 of the welcome: where to begin, and the way to the library. */
export function welcomeStartMail(input: {
  language: Language;
  books: FollowUpBook[];
  libraryUrl: string;
  supportEmail: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const words = FOLLOW_UP[input.language].start;
  const way = wayOut(input.unsubscribeUrl, input.language);
  const starts = input.books.map((book) => words.chapter(book));
  const help = words.help(input.supportEmail);
  return {
    subject: words.subject,
    text: [
      words.intro,
      listText(starts),
      `${words.library}\n${input.libraryUrl}`,
      help,
      way.text,
    ].join('\n\n'),
    html: layout(
      words.subject,
      `<p>${escapeHtml(words.intro)}</p>${listHtml(starts)}<p>${escapeHtml(words.library)}</p>${button(words.open, input.libraryUrl)}<p>${escapeHtml(help)}</p>${way.html}`,
      input.language,
    ),
  };
}

/** Day 7 of the welcome: how it is going, the chapter for the common struggles, a way to ask. */
export function welcomeCheckInMail(input: {
  language: Language;
  books: FollowUpBook[];
  supportEmail: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const words = FOLLOW_UP[input.language].checkIn;
  const way = wayOut(input.unsubscribeUrl, input.language);
  const chapters = input.books.flatMap((book) =>
    book.struggleChapter
      ? [words.chapter(book, book.struggleChapter.number, book.struggleChapter.title)]
      : [],
  );
  const reply = words.reply(input.supportEmail);
  return {
    subject: words.subject,
    text: [words.intro, listText(chapters), reply, way.text].join('\n\n'),
    html: layout(
      words.subject,
      `<p>${escapeHtml(words.intro)}</p>${listHtml(chapters)}<p>${escapeHtml(reply)}</p>${way.html}`,
      input.language,
    ),
  };
}

/** Day 14: a one-time link per eBook to review it. */
export function reviewRequestMail(input: {
  language: Language;
  links: { productName: string; url: string }[];
  unsubscribeUrl: string;
}): RenderedMail {
  const words = FOLLOW_UP[input.language].review;
  const way = wayOut(input.unsubscribeUrl, input.language);
  const subject = words.subject(input.links[0]?.productName ?? 'eBook');
  return {
    subject,
    text: [
      words.intro,
      input.links.map((link) => `${words.action(link.productName)}: ${link.url}`).join('\n'),
      words.note,
      way.text,
    ].join('\n\n'),
    html: layout(
      subject,
      `<p>${escapeHtml(words.intro)}</p>${input.links.map((link) => button(words.action(link.productName), link.url)).join('')}<p>${escapeHtml(words.note)}</p>${way.html}`,
      input.language,
    ),
  };
}

/** The one reminder of a checkout left unpaid by a buyer who agreed to be contacted. */
export function checkoutReminderMail(input: {
  language: Language;
  items: string[];
  checkoutUrl: string;
  supportEmail: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const words = FOLLOW_UP[input.language].reminder;
  const way = wayOut(input.unsubscribeUrl, input.language);
  const after = words.after(input.supportEmail);
  return {
    subject: words.subject,
    text: [
      words.intro,
      listText(input.items),
      `${words.finish}: ${input.checkoutUrl}`,
      after,
      way.text,
    ].join('\n\n'),
    html: layout(
      words.subject,
      `<p>${escapeHtml(words.intro)}</p>${listHtml(input.items)}${button(words.action, input.checkoutUrl)}<p>${escapeHtml(after)}</p>${way.html}`,
      input.language,
    ),
  };
}

/** A renewal payment failed: no blame, what to do, and that access goes on meanwhile. */
export function membershipPaymentFailedMail(input: {
  accountUrl: string;
  supportEmail: string;
}): RenderedMail {
  const intro =
    'We tried to take this month’s payment for your ABA Parent Guides membership, and it did not go through. This happens, often because a card has expired or was replaced.';
  const what =
    'You keep your membership while we try again over the next days. To update your card, sign in with this e-mail address and open "Manage membership":';
  const help = `Anything unclear? Write to ${input.supportEmail}; we are happy to help.`;
  return {
    subject: 'We could not take your membership payment',
    text: [intro, `${what} ${input.accountUrl}`, help].join('\n\n'),
    html: layout(
      'We could not take your membership payment',
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(what)}</p>${button('Manage membership', input.accountUrl)}<p>${escapeHtml(help)}</p>`,
    ),
  };
}
