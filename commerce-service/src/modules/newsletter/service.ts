/**
 * The newsletter (docs/product.md#keeping-in-touch): sign-up with double opt-in, the
 * confirmation, checkout's news box, one-click unsubscribe (RFC 8058), and the issues
 * marketers publish in the CMS, sent once to the confirmed addresses through the outbox,
 * spread over time. Unsubscribing also cancels what the schedule holds for the address.
 */
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { NotFoundError } from '../../domain-errors.ts';
import { signToken, verifyToken } from '../../signed-token.ts';
import {
  dropQueuedMail,
  enqueueMail,
  newsletterConfirmationMail,
  newsletterIssueMail,
  type NewsletterIssueContent,
} from '../mail/service.ts';
import { requireCmsSecret } from '../member-content/service.ts';
import { cancelMessagesTo } from '../scheduled-messages/service.ts';
import {
  NEWSLETTER_CONSENT_TEXT,
  NEWSLETTER_CONSENT_VERSION,
  type NewsletterLanguage,
  type NewsletterSignUpBody,
} from '@aba-shop/contract';
import { linkInLanguage } from '@aba-shop/contract/page-language';
import { readPublishedIssues, type CmsIssue } from './issues-source.ts';
import {
  confirmedAddresses,
  countIssueMailsSent,
  countSubscribers,
  deleteSubscriber,
  findIssue,
  findSubscriber,
  knownIssueIds,
  recordIssueOnce,
  saveSubscriber,
} from './repository.ts';

export interface NewsletterDependencies {
  db: Kysely<Database>;
  config: Config;
}
type Db = Kysely<Database> | Transaction<Database>;

export const SIGN_UP_ANSWER =
  'Almost there: check your inbox for a link to confirm your subscription.';
const INVALID_CONFIRMATION =
  'This confirmation link is not valid or has expired: sign up again to get a new one.';
const INVALID_UNSUBSCRIBE = 'This unsubscribe link is not valid.';
/** The text of checkout's news box (docs/product.md#keeping-in-touch). */
export const CHECKOUT_NEWS_TEXT =
  'Send me the newsletter and occasional offers. I can unsubscribe at any time.';

const CONFIRMATION_VALID_MS = 7 * 24 * 60 * 60_000;
/** One confirmation e-mail an hour per address, however often the form is sent. */
const CONFIRMATION_RESEND_MS = 60 * 60_000;
/** An issue published longer ago than this is not sent when the shop first sees it. */
const ISSUE_SEND_WINDOW_MS = 3 * 24 * 60 * 60_000;

const confirmTokenSchema = z
  .object({ p: z.literal('newsletter-confirm'), a: z.email(), r: z.string(), x: z.number() })
  .strict();
const unsubscribeTokenSchema = z
  .object({ p: z.literal('newsletter-unsubscribe'), a: z.email() })
  .strict();

/**
 * An address's two ways out, from one signed token: `oneClick`, the List-Unsubscribe header's
 * address, where a POST unsubscribes (RFC 8058), and `page`, the link in the message's text,
 * whose button posts the same.
 */
export function unsubscribeLinksOf(
  config: Pick<Config, 'STOREFRONT_URL' | 'DOWNLOAD_SIGNING_SECRET'>,
  email: string,
  language: NewsletterLanguage = 'en',
): { oneClick: string; page: string } {
  const token = signToken(
    { p: 'newsletter-unsubscribe', a: email.toLowerCase() },
    config.DOWNLOAD_SIGNING_SECRET,
  );
  const oneClick = new URL('/api/newsletter/unsubscribe', config.STOREFRONT_URL);
  oneClick.searchParams.set('token', token);
  const page = new URL('/newsletter/unsubscribe', config.STOREFRONT_URL);
  page.searchParams.set('token', token);
  return { oneClick: oneClick.toString(), page: linkInLanguage(page, language).toString() };
}

/** The footer's and the blog's form: the same answer, whoever the address is. */
export async function signUp(
  { db, config }: NewsletterDependencies,
  body: NewsletterSignUpBody,
  now = new Date(),
): Promise<string> {
  // A bot that filled in the hidden field gets the answer and nothing is stored.
  if (body.website) return SIGN_UP_ANSWER;
  const email = body.email.toLowerCase();
  const existing = await findSubscriber(db, email);
  if (existing?.status === 'confirmed') return SIGN_UP_ANSWER;
  const lastSent = existing?.confirmation_sent_at ? Date.parse(existing.confirmation_sent_at) : 0;
  if (existing?.status === 'pending' && now.getTime() - lastSent < CONFIRMATION_RESEND_MS)
    return SIGN_UP_ANSWER;
  const requestedAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await saveSubscriber(trx, {
      email,
      status: 'pending',
      source: body.source,
      language: body.language,
      consent_text: NEWSLETTER_CONSENT_TEXT[body.language],
      consent_version: NEWSLETTER_CONSENT_VERSION,
      order_id: null,
      requested_at: requestedAt,
      confirmation_sent_at: requestedAt,
      confirmed_at: null,
      unsubscribed_at: existing?.unsubscribed_at ?? null,
    });
    const token = signToken(
      {
        p: 'newsletter-confirm',
        a: email,
        r: requestedAt,
        x: now.getTime() + CONFIRMATION_VALID_MS,
      },
      config.DOWNLOAD_SIGNING_SECRET,
    );
    const confirmUrl = new URL('/newsletter/confirm', config.STOREFRONT_URL);
    confirmUrl.searchParams.set('token', token);
    await enqueueMail(trx, {
      to: email,
      ...newsletterConfirmationMail({
        language: body.language,
        confirmUrl: linkInLanguage(confirmUrl, body.language).toString(),
      }),
    });
  });
  return SIGN_UP_ANSWER;
}

/** The confirmation link: only the latest request's link, within its 7 days. */
export async function confirmSubscription(
  { db, config }: NewsletterDependencies,
  token: string,
  now = new Date(),
): Promise<{ email: string; status: 'confirmed' }> {
  const claim = verifyToken(token, config.DOWNLOAD_SIGNING_SECRET, confirmTokenSchema);
  if (!claim || claim.x < now.getTime()) throw new NotFoundError(INVALID_CONFIRMATION);
  const subscriber = await findSubscriber(db, claim.a);
  if (!subscriber || subscriber.requested_at !== claim.r)
    throw new NotFoundError(INVALID_CONFIRMATION);
  if (subscriber.status !== 'confirmed')
    await saveSubscriber(db, {
      ...subscriber,
      status: 'confirmed',
      confirmed_at: now.toISOString(),
      unsubscribed_at: null,
    });
  return { email: subscriber.email, status: 'confirmed' };
}

/**
 * In a paid order's transaction, when its news box was ticked: the order confirms the address
 * (docs/product.md#keeping-in-touch), a confirmed one stays as it was.
 */
export async function subscribeFromCheckout(
  db: Db,
  subscription: { email: string; orderId: string; at: string },
): Promise<void> {
  const existing = await findSubscriber(db, subscription.email);
  if (existing?.status === 'confirmed') return;
  await saveSubscriber(db, {
    email: subscription.email,
    status: 'confirmed',
    source: 'checkout',
    language: 'en',
    consent_text: CHECKOUT_NEWS_TEXT,
    consent_version: NEWSLETTER_CONSENT_VERSION,
    order_id: subscription.orderId,
    requested_at: subscription.at,
    confirmation_sent_at: null,
    confirmed_at: subscription.at,
    unsubscribed_at: existing?.unsubscribed_at ?? null,
  });
}

/**
 * One-click unsubscribe: the newsletter ends and the schedule's messages to the address are
 * cancelled. Posting again answers the same.
 */
export async function unsubscribe(
  { db, config }: NewsletterDependencies,
  token: string,
  now = new Date(),
): Promise<{ email: string; status: 'unsubscribed' }> {
  const claim = verifyToken(token, config.DOWNLOAD_SIGNING_SECRET, unsubscribeTokenSchema);
  if (!claim) throw new NotFoundError(INVALID_UNSUBSCRIBE);
  await db.transaction().execute(async (trx) => {
    const existing = await findSubscriber(trx, claim.a);
    if (existing?.status !== 'unsubscribed')
      await saveSubscriber(trx, {
        email: claim.a,
        source: null,
        language: 'en',
        consent_text: null,
        consent_version: null,
        order_id: null,
        requested_at: null,
        confirmation_sent_at: null,
        confirmed_at: null,
        ...existing,
        status: 'unsubscribed',
        unsubscribed_at: now.toISOString(),
      });
    await cancelMessagesTo(trx, claim.a, 'unsubscribed');
    // An issue spread over the hours to come is not sent to it either.
    // The issues queued to the address and not sent yet go with the unsubscribe.
    await dropQueuedMail(trx, { to: claim.a, kind: 'newsletter:' });
  });
  return { email: claim.a, status: 'unsubscribed' };
}

/** Whether the address said no more (the schedule's builders ask before each message). */
export async function hasUnsubscribed(db: Db, email: string): Promise<boolean> {
  return (await findSubscriber(db, email))?.status === 'unsubscribed';
}

/** The address's record, for its data export (docs/product.md#your-data). */
export function newsletterRecordOf(db: Db, email: string) {
  return findSubscriber(db, email);
}

/** For an erasure (docs/product.md#your-data): the address's record goes. */
export async function eraseNewsletterOfEmail(db: Db, email: string): Promise<void> {
  await deleteSubscriber(db, email);
}

/** Outbox messages of one issue start this far apart, at most NEWSLETTER_SENDS_PER_MINUTE a minute. */
function spacingMs(config: Config) {
  return 60_000 / config.NEWSLETTER_SENDS_PER_MINUTE;
}

/** Queues one issue to every confirmed address, once; how many it was queued for. */
async function sendIssue(
  deps: NewsletterDependencies,
  issue: CmsIssue,
  now: Date,
): Promise<number> {
  const { db, config } = deps;
  return db.transaction().execute(async (trx) => {
    const addresses = await confirmedAddresses(trx);
    const recorded = await recordIssueOnce(trx, {
      id: issue.documentId,
      subject: issue.subject,
      recipients: addresses.length,
      startedAt: now.toISOString(),
    });
    if (!recorded) return 0;
    const spacing = spacingMs(config);
    for (const [index, email] of addresses.entries()) {
      const wayOut = unsubscribeLinksOf(config, email);
      await enqueueMail(trx, {
        to: email,
        dedupeKey: `newsletter:${issue.documentId}:${email}`,
        listUnsubscribe: wayOut.oneClick,
        notBefore: new Date(now.getTime() + Math.floor(index * spacing)).toISOString(),
        ...newsletterIssueMail(issue, { unsubscribeUrl: wayOut.page }),
      });
    }
    return addresses.length;
  });
}

/**
 * Sends each issue published lately that the shop has not sent yet: on the CMS's signal, at
 * start and every ten minutes (a lost signal). An issue older than the window is recorded as
 * seen without sending, so a shop that starts on an old CMS sends nothing stale.
 */
export async function sendPublishedIssues(
  deps: NewsletterDependencies,
  now = new Date(),
): Promise<number> {
  if (!deps.config.MEMBER_CONTENT_SECRET) return 0;
  const issues = await readPublishedIssues(deps.config);
  const known = await knownIssueIds(
    deps.db,
    issues.map((issue) => issue.documentId),
  );
  let queued = 0;
  for (const issue of issues) {
    if (known.has(issue.documentId)) continue;
    const stale = now.getTime() - Date.parse(issue.publishedAt) > ISSUE_SEND_WINDOW_MS;
    if (stale)
      await recordIssueOnce(deps.db, {
        id: issue.documentId,
        subject: issue.subject,
        recipients: 0,
        startedAt: now.toISOString(),
      });
    else queued += await sendIssue(deps, issue, now);
  }
  return queued;
}

/** The CMS's webhook: an entry was published; an issue's publication sends it. */
export async function receiveIssueSignal(
  deps: NewsletterDependencies,
  secret: string | undefined,
  signal: { event: string; model?: string | undefined },
): Promise<number> {
  requireCmsSecret(deps.config, secret);
  if (signal.model !== 'newsletter-issue' || signal.event !== 'entry.publish') return 0;
  return sendPublishedIssues(deps);
}

/** 'Send me a preview' in the CMS: the saved draft, to the marketer's own address. */
export async function sendIssuePreview(
  { db, config }: NewsletterDependencies,
  secret: string | undefined,
  preview: { to: string; issue: NewsletterIssueContent },
): Promise<void> {
  requireCmsSecret(config, secret);
  const wayOut = unsubscribeLinksOf(config, preview.to);
  await enqueueMail(db, {
    to: preview.to.toLowerCase(),
    listUnsubscribe: wayOut.oneClick,
    ...newsletterIssueMail(preview.issue, { unsubscribeUrl: wayOut.page, preview: true }),
  });
}

/** What the CMS's Newsletter panel shows: the list, and an issue's sending. */
export async function newsletterCounts(
  { db, config }: NewsletterDependencies,
  secret: string | undefined,
  issueId: string | undefined,
) {
  requireCmsSecret(config, secret);
  const issue = issueId ? await findIssue(db, issueId) : undefined;
  return {
    subscribers: await countSubscribers(db),
    issue: issue
      ? {
          recipients: issue.recipients,
          sent: await countIssueMailsSent(db, issue.id),
          startedAt: issue.started_at,
        }
      : null,
  };
}
