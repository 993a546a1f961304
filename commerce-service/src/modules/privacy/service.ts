/**
 * The buyer's data on request (docs/product.md#your-data): the export of everything the shop
 * holds about a signed-in buyer, their erasure request, support's processing of it, and the
 * retention sweep that deletes what has outlived the periods the privacy policy states. Why
 * erasure anonymises orders rather than deleting them, and refuses while a membership renews:
 * docs/adr/0028-data-requests-and-retention.md.
 */
import { eraseNewsletterOfEmail, newsletterRecordOf } from '../newsletter/service.ts';
import { eraseScheduleOfEmail, listScheduledMessagesOf } from '../scheduled-messages/service.ts';
import { unlink, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database, DataRequestTable } from '../../db/schema.ts';
import { ConflictError, NotFoundError, NotSignedInError } from '../../domain-errors.ts';
import { decodeCursor, pageFrom } from '../../page-cursor.ts';
import {
  ACCOUNTING_RETENTION_YEARS,
  ADMIN_PAGE_DEFAULT,
  CONTACT_MESSAGE_RETENTION_DAYS,
  DOWNLOAD_HISTORY_RETENTION_DAYS,
  ERASED_EMAIL_DOMAIN,
  erasureOutcomeSchema,
  SENT_MAIL_RETENTION_DAYS,
  SIGN_IN_RECORD_RETENTION_DAYS,
  type AdminDataRequest,
  type AdminDataRequestPage,
  type AdminPageQuery,
  type CurrentUser,
  type DataExport,
  type DataRequest,
  type ErasureOutcome,
  type ErasureRequestAnswer,
} from '@aba-shop/contract';
import { deleteAuditOfOrders, recordAdminAction, rewriteAuditEntry } from '../audit/service.ts';
import {
  deleteAccount,
  deleteSignInRecordsBefore,
  deleteSignInRecordsOf,
  findUser,
  isoOfAuthTime,
  listSessionsOfUser,
  listSignInCodeRequestsOf,
  listSignInProviders,
} from '../auth/service.ts';
import { anonymiseCheckoutSessionsOf, deleteCheckoutSessions } from '../checkout/service.ts';
import { deleteDisputesOfOrders } from '../disputes/service.ts';
import { deleteContactMessagesBefore, eraseContactMessagesOf } from '../forms/service.ts';
import {
  anonymiseWithdrawalsOf,
  deleteWithdrawalsOfOrders,
  listWithdrawalsOfEmail,
} from '../withdrawals/service.ts';
import { consentRecordsOfEmail, eraseConsentRecordsOfEmail } from '../consents/service.ts';
import {
  deleteDownloadLogOf,
  downloadHistoriesOf,
  downloadLogOfOrders,
  sweepDownloadLog,
} from '../downloads/service.ts';
import {
  eraseLibraryOfEmail,
  libraryProgressOfEmail,
  librarySessionsOfEmail,
} from '../library/service.ts';
import { deleteSentMailBefore, enqueueMail, eraseMailOf } from '../mail/service.ts';
import { eraseMemberContentOfEmail } from '../member-content/service.ts';
import { deleteMembershipStates, membershipStateOf } from '../memberships/service.ts';
import {
  anonymiseOrdersOf,
  deleteRecordsForErasure,
  deleteRefundsOfOrders,
  deleteEntitlements,
  deleteOrders,
  orderSummaryOf,
  rowsOfOrder,
} from '../orders/service.ts';
import { eraseReviewsOfOrders, reviewsOfOrders } from '../reviews/service.ts';
import {
  anonymiseDataRequestsOf,
  completeDataRequest,
  dataRequestPageQuery,
  findDataRequest,
  findPendingErasure,
  insertDataRequest,
  listAuditStatesOf,
  listContactMessagesOf,
  listDataRequestsOf,
  listEntitlementsOf,
  listExpiredErasedOrders,
  listLinesOf,
  listMembershipRecordsOf,
  listOrdersOf,
} from './repository.ts';

export interface PrivacyDependencies {
  db: Kysely<Database>;
  config: Config;
}

const NOT_SIGNED_IN = 'Please sign in to use your data rights.';
const NO_REQUEST = 'Nessuna richiesta con questo id';
const ALREADY_DONE = 'Questa richiesta è già stata elaborata';
const MEMBERSHIP_RENEWS =
  "Il cliente ha un abbonamento che si rinnova: va annullato (da lui con 'Manage membership', o nel fornitore di pagamento) prima di cancellare i suoi dati";

function signedIn(user: CurrentUser | null): CurrentUser {
  if (!user) throw new NotSignedInError(NOT_SIGNED_IN);
  return user;
}

const retentionPeriods = () => ({
  contactMessageDays: CONTACT_MESSAGE_RETENTION_DAYS,
  downloadHistoryDays: DOWNLOAD_HISTORY_RETENTION_DAYS,
  signInRecordDays: SIGN_IN_RECORD_RETENTION_DAYS,
  sentMailDays: SENT_MAIL_RETENTION_DAYS,
  accountingYears: ACCOUNTING_RETENTION_YEARS,
});

const toDataRequest = (row: DataRequestTable): DataRequest => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  requestedAt: row.requested_at,
  processedAt: row.processed_at,
});

/** Everything the shop holds about the signed-in buyer, by their address and account. */
export async function exportMyData(
  deps: PrivacyDependencies,
  user: CurrentUser | null,
): Promise<DataExport> {
  const { db } = deps;
  const { id: userId, email } = signedIn(user);
  const account = await findUser(db, { userId, email });
  const orders = await listOrdersOf(db, email);
  const orderIds = orders.map((order) => order.id);
  const [
    sessions,
    providers,
    codeRequests,
    lines,
    entitlements,
    records,
    consents,
    messages,
    withdrawals,
    requests,
    libraryProgress,
    newsletter,
    scheduled,
    downloadLog,
    reviews,
    librarySessions,
  ] = await Promise.all([
    account ? listSessionsOfUser(db, account.id) : [],
    account ? listSignInProviders(db, account.id) : [],
    listSignInCodeRequestsOf(db, email),
    listLinesOf(db, orderIds),
    listEntitlementsOf(db, orderIds),
    listMembershipRecordsOf(db, { email, userId }),
    consentRecordsOfEmail(deps, email),
    listContactMessagesOf(db, email),
    listWithdrawalsOfEmail(db, email),
    listDataRequestsOf(db, email),
    libraryProgressOfEmail(deps, email),
    newsletterRecordOf(db, email),
    listScheduledMessagesOf(db, email),
    downloadLogOfOrders(deps, orderIds),
    reviewsOfOrders(deps, orderIds),
    librarySessionsOfEmail(deps, email),
  ]);
  const historyOf = await downloadHistoriesOf(
    deps,
    entitlements.map((entitlement) => entitlement.id),
  );
  return {
    exportedAt: new Date().toISOString(),
    email,
    account: account
      ? {
          id: account.id,
          name: account.name || null,
          email: account.email,
          emailVerified: Boolean(account.emailVerified),
          createdAt: isoOfAuthTime(account.createdAt),
          updatedAt: isoOfAuthTime(account.updatedAt),
          signInMethods: [
            ...new Set(
              providers.map(({ providerId }) =>
                providerId === 'credential' ? 'email-otp' : providerId,
              ),
            ),
          ],
        }
      : null,
    sessions: sessions.map((session) => ({
      createdAt: isoOfAuthTime(session.createdAt),
      expiresAt: isoOfAuthTime(session.expiresAt),
      ipAddress: session.ipAddress || null,
      userAgent: session.userAgent || null,
    })),
    signInCodeRequests: codeRequests.map((row) => ({
      requestedAt: row.requested_at,
      client: row.client,
    })),
    orders: orders.map((order) => ({
      ...orderSummaryOf(order),
      checkoutSessionId: order.checkout_session_id,
      paymentReference: order.payment_intent_id,
      lines: rowsOfOrder(lines, order.id).map((line) => ({
        productId: line.product_id,
        productName: line.product_name,
        quantity: line.quantity,
        unitAmount: line.unit_amount,
      })),
      downloads: rowsOfOrder(entitlements, order.id).map((entitlement) => ({
        fileKey: entitlement.file_key,
        ...historyOf(entitlement.id),
        revokedAt: entitlement.revoked_at,
      })),
      downloadLog: downloadLog
        .filter((entry) => entry.orderId === order.id)
        .map(({ at, fileKey, clientIp, userAgent }) => ({ at, fileKey, clientIp, userAgent })),
    })),
    reviews,
    librarySessions,
    memberships: records.map((record) => ({
      recordId: Number(record.id),
      sessionId: record.session_id,
      createdAt: record.created_at,
      status: record.subscription_id ? membershipStateOf(record).status : 'active',
      currentPeriodEnd: record.current_period_end ?? null,
      cancelAtPeriodEnd: Boolean(record.cancel_at_period_end),
    })),
    consents,
    newsletter: newsletter
      ? {
          status: newsletter.status,
          source: newsletter.source,
          language: newsletter.language,
          consentText: newsletter.consent_text,
          consentVersion: newsletter.consent_version,
          requestedAt: newsletter.requested_at,
          confirmedAt: newsletter.confirmed_at,
          unsubscribedAt: newsletter.unsubscribed_at,
        }
      : null,
    scheduledMessages: scheduled.map((message) => ({
      kind: message.kind,
      dueAt: message.due_at,
      status: message.status,
    })),
    libraryProgress,
    contactMessages: messages.map((message) => ({
      sentAt: message.created_at,
      name: message.name,
      email: message.email,
      phone: message.phone,
      subject: message.subject,
      message: message.message,
      childAge: message.child_age,
    })),
    withdrawals: withdrawals.map((withdrawal) => ({
      orderReference: withdrawal.order_number,
      productName: withdrawal.product_name,
      receivedAt: withdrawal.received_at,
      outcome: withdrawal.outcome,
      amountRefunded: withdrawal.amount_refunded,
      currency: withdrawal.currency,
    })),
    dataRequests: requests.map(toDataRequest),
    retention: retentionPeriods(),
  };
}

/** The file name the export is saved under. */
export const exportFileName = (now = new Date()) =>
  `aba-parent-guides-my-data-${now.toISOString().slice(0, 10)}.json`;

function erasureReceivedMail(request: DataRequestTable, supportEmail: string) {
  return {
    subject: 'We received your request to delete your data',
    text: [
      'Hello,',
      '',
      `We received your request of ${request.requested_at.slice(0, 10)} to delete your ABA Parent Guides account and the personal data we hold about you (request ${request.id}).`,
      'Our support team processes it within one month. Once it is done, your account, sign-ins, download links, contact messages and membership records no longer exist, and we keep only what accounting law requires of your orders (amounts, dates and order numbers, without your name or e-mail address), as the privacy policy explains.',
      'This is the last e-mail we send you about it: after the erasure we no longer hold this address.',
      '',
      `If you did not ask for this, write to ${supportEmail} at once.`,
      '',
      'ABA Parent Guides',
    ].join('\n'),
  };
}

/**
 * Records the signed-in buyer's request to erase their account and data, answered 202 and
 * acknowledged by e-mail; support processes it. Asking again while one is pending answers the
 * same request.
 */
export async function requestErasure(
  deps: PrivacyDependencies,
  user: CurrentUser | null,
): Promise<ErasureRequestAnswer> {
  const { id: userId, email } = signedIn(user);
  const request = await deps.db.transaction().execute(async (trx) => {
    const pending = await findPendingErasure(trx, email);
    if (pending) return pending;
    const created = await insertDataRequest(trx, { email, user_id: userId, kind: 'erasure' });
    await enqueueMail(trx, {
      to: email,
      ...erasureReceivedMail(created, deps.config.SUPPORT_EMAIL),
      dedupeKey: `erasure-received:${created.id}`,
    });
    return created;
  });
  return {
    message: `Your request has been received. We have e-mailed ${email}; our support team deletes your account and data within one month.`,
    request: toDataRequest(request),
  };
}

const outcomeOf = (json: string | null): ErasureOutcome | null =>
  json === null ? null : erasureOutcomeSchema.parse(JSON.parse(json));

const toAdminDataRequest = (row: DataRequestTable): AdminDataRequest => ({
  ...toDataRequest(row),
  email: row.email,
  processedBy: row.processed_by,
  outcome: outcomeOf(row.outcome),
});

/** Support's list: requests newest first, those of one address if searched, paged. */
export async function searchDataRequests(
  deps: PrivacyDependencies,
  query: AdminPageQuery,
): Promise<AdminDataRequestPage> {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  const rows = await dataRequestPageQuery(deps.db, {
    email: query.q?.trim().toLowerCase() || null,
    after: query.cursor ? decodeCursor<string>(query.cursor, 'string') : null,
    limit,
  }).execute();
  const page = pageFrom(rows, limit, (row) => ({ createdAt: row.requested_at, id: row.id }));
  return { items: page.rows.map(toAdminDataRequest), nextCursor: page.nextCursor };
}

/** The address an erased buyer's kept rows carry: it names the request, never the person. */
export const erasedPlaceholderOf = (requestId: string) =>
  `erased-${requestId.replace(/^dr_/, '')}@${ERASED_EMAIL_DOMAIN}`;

/** Matches every placeholder in SQL `like`. */
export const ERASED_PLACEHOLDER_PATTERN = `erased-%@${ERASED_EMAIL_DOMAIN}`;

/** An audit state with every mention of the address replaced. */
function withoutAddress(json: string | null, email: string, placeholder: string): string | null {
  if (json === null) return null;
  const state = JSON.parse(json) as Record<string, unknown>;
  const scrubbed = Object.fromEntries(
    Object.entries(state).map(([field, value]) => [
      field,
      typeof value === 'string' && value.toLowerCase() === email ? placeholder : value,
    ]),
  );
  return JSON.stringify(scrubbed);
}

/**
 * Stamped copies of the buyer's PDFs carry their address; they go with the entitlements.
 * The store's folder is shared by replicas, where a copy missing already is no failure.
 */
async function removeStampedCopies(
  config: Pick<Config, 'STAMPED_PDF_DIR'>,
  entitlementIds: string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
) {
  if (entitlementIds.length === 0) return;
  const ids = new Set(entitlementIds);
  const names = await readdir(config.STAMPED_PDF_DIR).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => ids.has(name.split('.')[0] ?? ''))
      .map((name) =>
        unlink(path.join(config.STAMPED_PDF_DIR, name)).catch((error: unknown) => {
          log.warn({ err: error, name }, 'a stamped PDF of an erased buyer could not be removed');
        }),
      ),
  );
}

/**
 * Support processes an erasure: the buyer's access ends (download links, sessions, account) and
 * their personal data is deleted, except what accounting law requires of their orders, which is
 * kept with a placeholder for the address. Refused while a membership would renew, so an erased
 * buyer is never charged again. Audited, in the transaction that erases.
 */
export async function processErasure(
  deps: PrivacyDependencies,
  requestId: string,
  actor: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<AdminDataRequest> {
  const { db } = deps;
  const request = await findDataRequest(db, requestId);
  if (!request) throw new NotFoundError(NO_REQUEST);
  if (request.status !== 'pending') throw new ConflictError(ALREADY_DONE);
  const email = request.email;
  const placeholder = erasedPlaceholderOf(request.id);

  const revokedEntitlements = await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, { userId: request.user_id, email });
    const userId = user?.id ?? null;
    const records = await listMembershipRecordsOf(trx, { email, userId });
    const renewing = records.some(
      (record) =>
        record.subscription_id !== null &&
        record.status !== null &&
        membershipStateOf(record).status !== 'canceled' &&
        !record.cancel_at_period_end,
    );
    if (renewing) throw new ConflictError(MEMBERSHIP_RENEWS);

    const orders = await listOrdersOf(trx, email);
    const orderIds = orders.map((order) => order.id);
    const entitlements = await listEntitlementsOf(trx, orderIds);
    const recordIds = records.map((record) => Number(record.id));

    // The address leaves the audit trail of the buyer's orders and records before they change.
    const audited = await listAuditStatesOf(trx, [
      { type: 'order', ids: orderIds },
      { type: 'record', ids: recordIds.map(String) },
    ]);
    for (const entry of audited) {
      await rewriteAuditEntry(trx, entry.id, {
        // A withdrawal is written by the buyer themselves (docs/product.md#withdrawal).
        actor: entry.actor.toLowerCase() === email ? placeholder : entry.actor,
        before_state: withoutAddress(entry.before_state, email, placeholder),
        after_state: withoutAddress(entry.after_state, email, placeholder),
      });
    }

    // Every link of the orders stops, and their downloads' log (client address, browser) goes.
    const entitlementIds = entitlements.map((entitlement) => entitlement.id);
    await deleteDownloadLogOf(trx, { entitlementIds });
    await deleteEntitlements(trx, entitlementIds);
    await deleteRecordsForErasure(trx, recordIds);
    await deleteMembershipStates(
      trx,
      records.flatMap((record) => (record.subscription_id ? [record.subscription_id] : [])),
    );
    const contactMessagesDeleted = await eraseContactMessagesOf(trx, email);
    await deleteSignInRecordsOf(trx, email);
    await eraseMailOf(trx, email);
    const account = await deleteAccount(trx, { userId, email });
    // In this transaction: on SQLite a query outside it would wait for it to end.
    await eraseConsentRecordsOfEmail({ db: trx }, email);
    await eraseLibraryOfEmail(trx, { email, orderIds });
    await eraseMemberContentOfEmail(trx, email);
    await eraseNewsletterOfEmail(trx, email);
    await eraseScheduleOfEmail(trx, email);
    await eraseReviewsOfOrders(trx, orderIds);
    const ordersAnonymised = await anonymiseOrdersOf(trx, { email, placeholder });
    await anonymiseCheckoutSessionsOf(trx, {
      email,
      sessionIds: orders.map((order) => order.checkout_session_id),
      placeholder,
    });
    await anonymiseWithdrawalsOf(trx, { email, placeholder });
    await anonymiseDataRequestsOf(trx, { email, placeholder });
    const outcome: ErasureOutcome = {
      ordersAnonymised,
      filesRevoked: entitlements.length,
      contactMessagesDeleted,
      sessionsEnded: account.sessions,
      accountDeleted: account.account,
    };
    const changed = await completeDataRequest(trx, request.id, {
      processedBy: actor,
      outcome: JSON.stringify(outcome),
    });
    if (changed === 0) throw new ConflictError(ALREADY_DONE);
    await recordAdminAction(trx, {
      actor,
      action: 'data-request.erase',
      subject: { type: 'data_request', id: request.id },
      before: { status: 'pending' },
      after: { status: 'completed', ...outcome },
    });
    return entitlements.map((entitlement) => entitlement.id);
  });
  await removeStampedCopies(deps.config, revokedEntitlements, log);
  const done = await findDataRequest(db, request.id);
  return toAdminDataRequest(done as DataRequestTable);
}

const DAY_MS = 24 * 3600 * 1000;

/** When each kind of data expires, counted back from now. */
export function retentionCutoffs(now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const accounting = new Date(now);
  accounting.setUTCFullYear(accounting.getUTCFullYear() - ACCOUNTING_RETENTION_YEARS);
  return {
    contactMessagesBefore: daysAgo(CONTACT_MESSAGE_RETENTION_DAYS),
    downloadHistoryBefore: daysAgo(DOWNLOAD_HISTORY_RETENTION_DAYS),
    signInRecordsBefore: daysAgo(SIGN_IN_RECORD_RETENTION_DAYS),
    sentMailBefore: daysAgo(SENT_MAIL_RETENTION_DAYS),
    accountingBefore: accounting.toISOString(),
  };
}

/**
 * The retention sweep: deletes contact messages, download histories and their log, sign-in
 * records and sent mail older than their periods, and an erased buyer's orders once accounting
 * law no longer requires them, each module its own rows, in one transaction. Answers how many of
 * each went.
 */
export function sweepExpiredData(deps: Pick<PrivacyDependencies, 'db'>, now = new Date()) {
  const cutoffs = retentionCutoffs(now);
  return deps.db.transaction().execute(async (trx) => {
    const contactMessages = await deleteContactMessagesBefore(trx, cutoffs.contactMessagesBefore);
    const signInRecords = await deleteSignInRecordsBefore(trx, cutoffs.signInRecordsBefore);
    // The log of each download (its time, client address and browser) is the download history:
    // an entry goes when the history's period is over, and with it that download's count.
    const downloadLog = await sweepDownloadLog(trx, cutoffs.downloadHistoryBefore);
    const sentMail = await deleteSentMailBefore(trx, cutoffs.sentMailBefore);
    const expired = await listExpiredErasedOrders(trx, {
      placeholderPattern: ERASED_PLACEHOLDER_PATTERN,
      before: cutoffs.accountingBefore,
    });
    const orderIds = expired.map((order) => order.id);
    if (orderIds.length > 0) {
      // What hangs on the orders first, the orders last, then their checkout sessions.
      await deleteDownloadLogOf(trx, { orderIds });
      await deleteWithdrawalsOfOrders(trx, orderIds);
      await deleteDisputesOfOrders(trx, orderIds);
      await deleteAuditOfOrders(trx, orderIds);
      await deleteRefundsOfOrders(trx, orderIds);
      await deleteOrders(trx, orderIds);
      await deleteCheckoutSessions(
        trx,
        expired.map((order) => order.checkout_session_id),
      );
    }
    return {
      contactMessages,
      signInRecords,
      downloadLog,
      sentMail,
      accountingOrders: orderIds.length,
    };
  });
}
