/**
 * Disputes (docs/product.md#disputes, docs/adr/0033-console-refunds-and-disputes.md): Stripe's
 * `charge.dispute.created`, `.updated` and `.closed` keep a dispute on its order (found by the
 * charge's payment intent); the support console shows it with the evidence the shop's own
 * records make (the consent the buyer ticked and when, when the receipt left, each download
 * with its time and client, the library's use, the stamp on every page), and one button sends
 * that evidence through Stripe's dispute API with `submit=true`; a setting sends it as soon as
 * the dispute arrives. A lost dispute revokes the order as a refund does: the orders module,
 * which handles the webhook, does that with the answer given here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DisputeTable, OrderTable } from '../../db/schema.ts';
import type { Config } from '../../config.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-errors.ts';
import { isStripeUnavailable } from '../../plugins/stripe-errors.ts';
import { recordAdminAction } from '../audit/service.ts';
import {
  consentBasketOf,
  consentText,
  stripeIdOf,
  type PaymentProvider,
} from '../checkout/service.ts';
import {
  disputeEventSchema,
  type AdminOrderDispute,
  type DisputeEvidence,
} from '@aba-shop/contract';
import {
  claimEvidenceSubmission,
  countDisputesOpened,
  findDispute,
  findNewestDisputeOfOrder,
  findOrderById,
  findOrderByPaymentIntent,
  insertDisputeOnce,
  listDisputeStatuses,
  listEvidenceRecords,
  releaseEvidenceClaim,
  updateDispute,
} from './repository.ts';

export interface DisputesDependencies {
  db: Kysely<Database>;
  config: Config;
  provider: PaymentProvider;
}

export type DisputesLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The events of a dispute's life that the shop follows. */
export const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
]);

/** Who sends the evidence when the setting sends it: no administrator did. */
export const AUTOMATIC = 'automatic';

const NO_DISPUTE = 'Questo ordine non ha contestazioni';
const ALREADY_SUBMITTED = 'Le prove di questa contestazione sono già state inviate';
const CLOSED = 'Questa contestazione è chiusa: non si inviano più prove';
const NO_STRIPE =
  'Con il checkout di prova non si addebita nulla, quindi non ci sono contestazioni da rispondere';
const refused = (words: string) => `Stripe non ha accettato le prove: ${words}`;

const isoOf = (unixSeconds: number | null | undefined) =>
  typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000).toISOString() : null;

/** Stripe's closing statuses, which are the dispute's outcome. */
const OUTCOMES = new Set(['won', 'lost', 'warning_closed', 'charge_refunded']);

/**
 * What a dispute event changes. Answers the order it concerns and whether it was lost (the
 * webhook then revokes the order's downloads, as a refund does), or null when the dispute
 * names no payment of the shop's orders.
 */
export async function receiveDisputeEvent(
  deps: DisputesDependencies,
  event: { type: string; object: unknown },
  log: DisputesLog,
): Promise<{ orderId: string; paymentIntentId: string; lost: boolean } | null> {
  const parsed = disputeEventSchema.safeParse(event.object);
  if (!parsed.success)
    throw new InvalidInputError('Malformed Stripe event: data.object is not a dispute');
  const dispute = parsed.data;
  const paymentIntentId = stripeIdOf(dispute.payment_intent);
  const order = paymentIntentId ? await findOrderByPaymentIntent(deps.db, paymentIntentId) : null;
  if (!order || !paymentIntentId) {
    log.warn({ disputeId: dispute.id }, 'dispute of a payment that is no order of the shop');
    return null;
  }
  const at = new Date().toISOString();
  const evidenceDueBy = isoOf(dispute.evidence_details?.due_by);
  const outcome =
    event.type === 'charge.dispute.closed' || OUTCOMES.has(dispute.status) ? dispute.status : null;
  const created = await insertDisputeOnce(deps.db, {
    id: dispute.id,
    order_id: order.id,
    charge_id: stripeIdOf(dispute.charge),
    reason: dispute.reason,
    amount: dispute.amount,
    currency: dispute.currency,
    status: dispute.status,
    evidence_due_by: evidenceDueBy,
    evidence_submitted_at: null,
    evidence_submitted_by: null,
    outcome,
    created_at: isoOf(dispute.created) ?? at,
    updated_at: at,
  });
  if (!created)
    await updateDispute(deps.db, dispute.id, {
      status: dispute.status,
      evidenceDueBy,
      outcome,
      at,
    });
  log.info({ disputeId: dispute.id, orderId: order.id, status: dispute.status }, 'dispute');
  if (
    created &&
    event.type === 'charge.dispute.created' &&
    deps.config.DISPUTE_EVIDENCE_AUTO_SUBMIT
  ) {
    // The setting's submission never fails the webhook: support can still press the button.
    await submitEvidenceOf(deps, dispute.id, AUTOMATIC).catch((error: unknown) =>
      log.error({ err: error, disputeId: dispute.id }, 'automatic dispute evidence failed'),
    );
  }
  return { orderId: order.id, paymentIntentId, lost: outcome === 'lost' };
}

/** A UTC time in words Stripe's reviewers and the console both read: '2026-11-27 20:15:03 UTC'. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** The evidence the shop's records make for an order, as the console shows it. */
export async function evidenceOf(
  deps: Pick<DisputesDependencies, 'db'>,
  order: Selectable<OrderTable>,
): Promise<DisputeEvidence> {
  const records = await listEvidenceRecords(deps.db, order);
  const names = records.lines.map((line) =>
    line.quantity > 1 ? `${line.product_name} × ${line.quantity}` : line.product_name,
  );
  const files = records.lines.some((line) => line.product_type === 'digital');
  return {
    customerEmail: order.email,
    orderReference: order.number,
    productDescription: `${names.join(', ')}: ${
      files
        ? 'digital eBooks (PDF, each page stamped with the buyer’s e-mail and order) with their audiobooks (MP3), delivered at once after payment by download links e-mailed to the buyer and an online library'
        : 'a monthly membership with digital resources'
    }.`,
    serviceDate: order.created_at.slice(0, 10),
    consentText: consentText(
      consentBasketOf(records.lines.map((line) => ({ type: line.product_type }))),
    ),
    consentAt: order.terms_accepted_at,
    receiptSentAt: records.receipt?.sent_at ?? null,
    stampedReference: `Licensed to ${order.email} · Order ${order.number}`,
    downloads: records.downloads.map((row) => ({
      at: row.at,
      fileKey: row.file_key,
      clientIp: row.client_ip,
      userAgent: row.user_agent,
    })),
    libraryOpenings: records.openings.map((row) => ({ at: row.created_at })),
    libraryProgress: records.progress.map((row) => ({
      fileKey: row.file_key,
      position: row.position,
      reachedAt: row.reached_at,
    })),
  };
}

/**
 * The evidence as Stripe's dispute API takes it: its text fields only (the file fields need
 * uploads), in English for the card issuer's reviewer.
 */
export function stripeEvidenceFields(evidence: DisputeEvidence): Record<string, string> {
  const log = [
    ...evidence.downloads.map(
      (row) =>
        `${utc(row.at)} download of ${row.fileKey} from ${row.clientIp ?? 'an unknown address'} (${row.userAgent ?? 'no user agent'})`,
    ),
    ...evidence.libraryOpenings.map((row) => `${utc(row.at)} online library opened on a device`),
    ...evidence.libraryProgress.map(
      (row) =>
        `${utc(row.reachedAt)} ${row.fileKey.endsWith('.mp3') ? `listened to ${row.fileKey} up to ${Math.floor(row.position / 1000)} s` : `read ${row.fileKey} up to page ${row.position}`}`,
    ),
  ];
  const consent = evidence.consentAt
    ? `Before paying, the buyer ticked this box at checkout, recorded on ${utc(evidence.consentAt)}: "${evidence.consentText}"`
    : `Checkout showed the buyer these terms: "${evidence.consentText}"`;
  return {
    customer_email_address: evidence.customerEmail,
    product_description: evidence.productDescription,
    service_date: evidence.serviceDate,
    refund_policy_disclosure: consent,
    access_activity_log: log.length ? log.join('\n') : 'No download or library use recorded.',
    uncategorized_text: [
      `Order reference ${evidence.orderReference}.`,
      evidence.receiptSentAt
        ? `The receipt with the download links was e-mailed to ${evidence.customerEmail} on ${utc(evidence.receiptSentAt)}.`
        : `The receipt with the download links was queued for ${evidence.customerEmail}.`,
      `Every page of the buyer's PDFs carries the footer "${evidence.stampedReference}".`,
    ].join(' '),
  };
}

function disputeView(row: DisputeTable, evidence: DisputeEvidence): AdminOrderDispute {
  return {
    disputeId: row.id,
    reason: row.reason,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    evidenceDueBy: row.evidence_due_by,
    evidenceSubmittedAt: row.evidence_submitted_at,
    evidenceSubmittedBy: row.evidence_submitted_by,
    outcome: row.outcome,
    createdAt: row.created_at,
    evidence,
  };
}

/** The order's newest dispute with its evidence, for the order's view; null without one. */
export async function disputeOfOrder(
  deps: Pick<DisputesDependencies, 'db'>,
  order: Selectable<OrderTable>,
): Promise<AdminOrderDispute | null> {
  const row = await findNewestDisputeOfOrder(deps.db, order.id);
  return row ? disputeView(row, await evidenceOf(deps, order)) : null;
}

/** The newest dispute's status of each order that has one, for the list's badge. */
export const disputeStatusesOf = (deps: Pick<DisputesDependencies, 'db'>, orderIds: string[]) =>
  listDisputeStatuses(deps.db, orderIds);

/**
 * Sends a dispute's evidence through the provider once: the submission is claimed first, so a
 * second press or the setting's own submission is refused; a provider that does not take it
 * frees the claim, so it can be pressed again. Audited with the fields sent.
 */
async function submitEvidenceOf(deps: DisputesDependencies, disputeId: string, actor: string) {
  const dispute = await findDispute(deps.db, disputeId);
  if (!dispute) throw new NotFoundError(NO_DISPUTE);
  if (dispute.outcome) throw new ConflictError(CLOSED);
  const order = await findOrderById(deps.db, dispute.order_id);
  if (!order) throw new NotFoundError(NO_DISPUTE);
  const evidence = stripeEvidenceFields(await evidenceOf(deps, order));
  const at = new Date().toISOString();
  if (!(await claimEvidenceSubmission(deps.db, dispute.id, at, actor)))
    throw new ConflictError(ALREADY_SUBMITTED);
  let status: string;
  try {
    ({ status } = await deps.provider.submitDisputeEvidence({
      disputeId: dispute.id,
      evidence,
      idempotencyKey: `dispute-evidence:${dispute.id}`,
    }));
  } catch (error) {
    await releaseEvidenceClaim(deps.db, dispute.id, at);
    // An outage is the errors plugin's 503; anything else Stripe said is the administrator's.
    if (isStripeUnavailable(error)) throw error;
    throw new ConflictError(refused((error as Error).message));
  }
  await deps.db.transaction().execute(async (trx) => {
    await updateDispute(trx, dispute.id, {
      status,
      evidenceDueBy: dispute.evidence_due_by,
      outcome: null,
      at,
    });
    await recordAdminAction(trx, {
      actor,
      action: 'order.dispute-evidence',
      subject: { type: 'order', id: order.id },
      before: { dispute: dispute.status, evidence: 'not sent' },
      after: { dispute: status, evidence: 'sent', fields: Object.keys(evidence).join(', ') },
    });
  });
}

/** 'Invia le prove': sends the evidence of the order's newest dispute. */
export async function submitOrderDisputeEvidence(
  deps: DisputesDependencies,
  orderId: string,
  actor: string,
): Promise<void> {
  if (deps.provider.name === 'local') throw new ConflictError(NO_STRIPE);
  const dispute = await findNewestDisputeOfOrder(deps.db, orderId);
  if (!dispute) throw new NotFoundError(NO_DISPUTE);
  await submitEvidenceOf(deps, dispute.id, actor);
}

/** Disputes opened in a period of the shop's currency, for the owner's figures (docs/product.md#sales-figures). */
export const disputesOpenedIn = (
  deps: Pick<DisputesDependencies, 'db'>,
  { currency, start, end }: { currency: string; start: string; end: string },
) => countDisputesOpened(deps.db, currency, start, end);

// What a buyer's erasure and the retention sweep ask of this module (docs/product.md#your-data).
export { deleteDisputesOfOrders } from './repository.ts';
