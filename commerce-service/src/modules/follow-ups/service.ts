/**
 * What each scheduled message says when it falls due (docs/product.md#keeping-in-touch): the
 * welcome's two messages, the review request and the checkout reminder, each built from what
 * is true then, or cancelled with the reason it no longer applies (refunded, unsubscribed,
 * paid since). The schedule itself is the scheduled-messages module's.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { pageLanguage } from '@aba-shop/contract/page-language';
import type { Database } from '../../db/schema.ts';
import { findCheckoutSession } from '../checkout/service.ts';
import { bookKeyOf, currentLibraryLink, type DownloadsDependencies } from '../downloads/service.ts';
import {
  checkoutReminderMail,
  reviewRequestMail,
  welcomeCheckInMail,
  welcomeStartMail,
  type FollowUpBook,
} from '../mail/service.ts';
import { hasUnsubscribed, unsubscribeLinksOf } from '../newsletter/service.ts';
import { listReviewableLines, reviewLinkOf } from '../reviews/service.ts';
import {
  runDueMessages,
  type BuiltMessage,
  type ScheduledMessage,
} from '../scheduled-messages/service.ts';
import { findOrderForFollowUp, liveFileKeysOf, paidSince } from './repository.ts';

export type FollowUpsDependencies = Pick<DownloadsDependencies, 'db' | 'config' | 'books'>;
type Trx = Transaction<Database>;

/** Italian after an Italian thank-you page, as the pages around the purchase were. */
const languageOfReturn = (successPath: string | null) =>
  pageLanguage(new URL(successPath ?? '/', 'http://shop').pathname);

const recoveryDetailsSchema = z.object({ recoveryUrl: z.url() });

/** The eBooks an order still grants, with the chapters the welcome points to. */
async function booksOf(
  deps: FollowUpsDependencies,
  trx: Trx,
  orderId: string,
): Promise<FollowUpBook[]> {
  const keys = new Set((await liveFileKeysOf(trx, orderId)).map(bookKeyOf));
  return [...keys].flatMap((key) => {
    const book = key ? deps.books[key] : undefined;
    if (!book) return [];
    const struggle = book.struggleChapter;
    return [
      {
        title: book.title,
        firstChapter: book.chapters[0] ?? '',
        struggleChapter: struggle
          ? { number: struggle, title: book.chapters[struggle - 1] ?? '' }
          : null,
      },
    ];
  });
}

async function buildOrderFollowUp(
  deps: FollowUpsDependencies,
  trx: Trx,
  message: ScheduledMessage,
): Promise<BuiltMessage> {
  const { config } = deps;
  const order = await findOrderForFollowUp(trx, message.subject_id);
  if (!order) return { cancel: 'order gone' };
  if (order.status === 'refunded') return { cancel: 'refunded' };
  const books = await booksOf(deps, trx, order.id);
  if (books.length === 0) return { cancel: 'refunded' };
  const language = languageOfReturn(order.success_path);
  const wayOut = unsubscribeLinksOf(config, order.email, language);
  const to = { to: order.email, listUnsubscribe: wayOut.oneClick };
  if (message.kind === 'welcome-start')
    return {
      mail: {
        ...to,
        ...welcomeStartMail({
          language,
          books,
          libraryUrl: await currentLibraryLink(config, trx, order.id),
          supportEmail: config.SUPPORT_EMAIL,
          unsubscribeUrl: wayOut.page,
        }),
      },
    };
  if (message.kind === 'welcome-check-in')
    return {
      mail: {
        ...to,
        replyTo: config.SUPPORT_EMAIL,
        ...welcomeCheckInMail({
          language,
          books,
          supportEmail: config.SUPPORT_EMAIL,
          unsubscribeUrl: wayOut.page,
        }),
      },
    };
  const lines = await listReviewableLines(trx, order.id);
  if (lines.length === 0) return { cancel: 'refunded' };
  return {
    mail: {
      ...to,
      ...reviewRequestMail({
        language,
        links: lines.map((line) => ({
          productName: line.product_name,
          url: reviewLinkOf(config, order.id, line.product_id, language),
        })),
        unsubscribeUrl: wayOut.page,
      }),
    },
  };
}

async function buildCheckoutReminder(
  { config }: FollowUpsDependencies,
  trx: Trx,
  message: ScheduledMessage,
): Promise<BuiltMessage> {
  const session = await findCheckoutSession(trx, message.subject_id);
  if (!session || session.status === 'paid') return { cancel: 'paid' };
  if (await paidSince(trx, message.email, session.created_at)) return { cancel: 'paid' };
  const details = recoveryDetailsSchema.safeParse(JSON.parse(message.details ?? '{}'));
  if (!details.success) return { cancel: 'no recovery link' };
  const language = languageOfReturn(session.success_path);
  const wayOut = unsubscribeLinksOf(config, message.email, language);
  return {
    mail: {
      to: message.email,
      listUnsubscribe: wayOut.oneClick,
      ...checkoutReminderMail({
        language,
        items: session.lines.map((line) =>
          line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name,
        ),
        checkoutUrl: details.data.recoveryUrl,
        supportEmail: config.SUPPORT_EMAIL,
        unsubscribeUrl: wayOut.page,
      }),
    },
  };
}

/** One message that fell due, as it goes out now; or why it does not. */
export async function buildFollowUp(
  deps: FollowUpsDependencies,
  trx: Trx,
  message: ScheduledMessage,
): Promise<BuiltMessage> {
  // Checked again here, as well as when the address unsubscribed: nothing slips through.
  if (await hasUnsubscribed(trx, message.email)) return { cancel: 'unsubscribed' };
  return message.kind === 'checkout-reminder'
    ? buildCheckoutReminder(deps, trx, message)
    : buildOrderFollowUp(deps, trx, message);
}

/** One pass over the schedule: every due message sent to the outbox or cancelled. */
export function sendDueFollowUps(
  deps: FollowUpsDependencies & { db: Kysely<Database> },
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<number> {
  return runDueMessages(deps.db, (trx, message) => buildFollowUp(deps, trx, message), {
    onError: (error, message) =>
      log.error(
        { err: error, scheduledMessageId: message.id, kind: message.kind },
        'scheduled message not built',
      ),
  });
}
