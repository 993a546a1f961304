/**
 * Refunds from the support console (docs/product.md#refunds-from-the-console,
 * docs/adr/0033-console-refunds-and-disputes.md): the whole order or chosen lines, each line
 * for what it was charged. The refund is written first, pending, claiming its lines; then the
 * payment provider is asked, with the refund's id as the idempotency key; once the provider has
 * made it, one transaction keeps it with the order and its lines (which the owner's day sums
 * follow), revokes exactly the files no line left grants, audits it and puts the buyer's e-mail
 * in the outbox. A provider that cannot answer leaves it pending for the retry; one that
 * refuses frees its lines again.
 */
import { cancelOrderFollowUps } from '../scheduled-messages/service.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { OrderRefundTable } from '../../db/schema.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-errors.ts';
import { isStripeUnavailable } from '../../plugins/stripe-errors.ts';
import { recordAdminAction } from '../audit/service.ts';
import { findProducts } from '../catalogue/service.ts';
import type { PaymentProvider } from '../checkout/service.ts';
import { enqueueMail, orderRefundMail } from '../mail/service.ts';
import { grantedFiles, recordRefundOnOrder, revokeRefundedFiles } from '../orders/service.ts';
import { formatPrice } from '@aba-shop/service-kit/money';
import type { AdminOrderRefundBody } from '@aba-shop/contract';
import type { DownloadsDependencies } from '../downloads/service.ts';
import { refundAmountOf } from './refund-amounts.ts';
import {
  claimRefundAttempt,
  findOrder,
  insertRefundClaim,
  listClaimedLineIds,
  listLinesOfOrders,
  listRefundsDue,
  listRefundsOfOrders,
  markRefundMade,
  recordRefundError,
  releaseRefundClaim,
} from './repository.ts';

export interface RefundsDependencies extends Pick<DownloadsDependencies, 'db' | 'config'> {
  provider: PaymentProvider;
}

/** Where a refund's failures are told: the request's log, or the service's for the retry. */
export type RefundsLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

const NO_ORDER = 'Nessun ordine con questo id';
const ORDER_REFUNDED = 'Questo ordine è già stato rimborsato per intero';
const NOTHING_LEFT = 'In questo ordine non resta nulla da rimborsare';
const unknownLine = (id: string) => `La riga ${id} non fa parte di questo ordine`;
const lineRefunded = (name: string) => `La riga «${name}» è già stata rimborsata`;
const linePending = (name: string) => `Un rimborso della riga «${name}» è già in corso`;
const CLAIMED_MEANWHILE =
  'Un altro rimborso di queste righe è appena stato chiesto: ricarica l’ordine e riprova';
const providerRefused = (words: string) =>
  `Il fornitore dei pagamenti ha rifiutato il rimborso: ${words}`;

/**
 * How long an attempt holds a pending refund before the retry may take it again: longer than
 * the provider's call can last (Stripe's 20 s timeout, retried twice), as for withdrawals.
 */
export const CONSOLE_REFUND_LEASE_MS = 5 * 60_000;

export type RefundOutcome = 'refunded' | 'pending';

/**
 * Refunds the whole order (all lines not refunded yet) or the lines named. Answers whether the
 * provider made it now or it waits for the retry.
 */
export async function refundOrder(
  deps: RefundsDependencies,
  orderId: string,
  body: AdminOrderRefundBody,
  actor: string,
  log: RefundsLog,
): Promise<RefundOutcome> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new NotFoundError(NO_ORDER);
  if (order.status === 'refunded') throw new ConflictError(ORDER_REFUNDED);
  const [lines, claimed] = await Promise.all([
    listLinesOfOrders(deps.db, [orderId]),
    listClaimedLineIds(deps.db, orderId),
  ]);
  const named = body.lineIds ? [...new Set(body.lineIds)] : null;
  for (const id of named ?? []) {
    const line = lines.find((candidate) => candidate.id === id);
    if (!line) throw new InvalidInputError(unknownLine(id));
    if (line.refunded_at) throw new ConflictError(lineRefunded(line.product_name));
    if (claimed.has(id)) throw new ConflictError(linePending(line.product_name));
  }
  const chosen = new Set(
    named ?? lines.filter((line) => !line.refunded_at && !claimed.has(line.id)).map((l) => l.id),
  );
  if (chosen.size === 0) throw new ConflictError(NOTHING_LEFT);
  const { amount, tax, wholeOrder } = refundAmountOf(
    {
      amountTotal: order.amount_total,
      amountTax: order.amount_tax,
      amountRefunded: order.amount_refunded,
      taxRefunded: order.tax_refunded,
    },
    lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      unitAmount: line.unit_amount,
      // A line another refund holds counts as refunded: the rest is what this one leaves.
      refunded: line.refunded_at !== null || claimed.has(line.id),
    })),
    chosen,
  );
  const refund: Selectable<OrderRefundTable> = {
    id: `rfd_${randomUUID().replaceAll('-', '')}`,
    order_id: orderId,
    amount,
    tax,
    whole_order: wholeOrder ? 1 : 0,
    status: 'pending',
    actor,
    created_at: new Date().toISOString(),
    attempted_at: null,
    refunded_at: null,
    provider_refund_id: null,
    error: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    if ((await insertRefundClaim(trx, refund, [...chosen])) !== chosen.size)
      throw new ConflictError(CLAIMED_MEANWHILE);
  });
  const attempt = await attemptConsoleRefund(deps, refund, log);
  if (attempt.refused) throw new ConflictError(providerRefused(attempt.refused));
  return attempt.outcome;
}

/**
 * Asks the provider for a pending refund, once this caller holds the attempt, and records it
 * when made. An outage leaves it pending with the provider's words; a refusal frees its lines
 * and answers the words.
 */
async function attemptConsoleRefund(
  deps: RefundsDependencies,
  refund: Selectable<OrderRefundTable>,
  log: RefundsLog,
): Promise<{ outcome: RefundOutcome; refused?: string; completedHere: boolean }> {
  const attemptAt = new Date().toISOString();
  if (!(await claimRefundAttempt(deps.db, refund.id, refund.attempted_at, attemptAt)))
    return { outcome: 'pending', completedHere: false };
  const order = await findOrder(deps.db, refund.order_id);
  let refundId: string | null = null;
  try {
    if (order?.payment_intent_id && refund.amount > 0)
      ({ refundId } = await deps.provider.refundPayment({
        paymentIntentId: order.payment_intent_id,
        amount: refund.amount,
        idempotencyKey: `console-refund:${refund.id}`,
      }));
  } catch (error) {
    const words = (error as Error).message;
    if (isStripeUnavailable(error)) {
      log.warn({ err: error, refundId: refund.id }, 'console refund pending');
      await recordRefundError(deps.db, refund.id, `provider unavailable: ${words}`);
      return { outcome: 'pending', completedHere: false };
    }
    log.error({ err: error, refundId: refund.id }, 'console refund refused');
    await releaseRefundClaim(deps.db, refund.id, `provider refused: ${words}`);
    return { outcome: 'pending', refused: words, completedHere: false };
  }
  const completedHere = await completeConsoleRefund(deps, refund, refundId);
  if (completedHere) log.info({ refundId: refund.id, providerRefundId: refundId }, 'refunded');
  return { outcome: 'refunded', completedHere };
}

/** Keeps a refund the provider made; false when another attempt kept it first. */
async function completeConsoleRefund(
  deps: RefundsDependencies,
  refund: Selectable<OrderRefundTable>,
  providerRefundId: string | null,
): Promise<boolean> {
  const [withLines] = await listRefundsOfOrders(deps.db, [refund.order_id]).then((rows) =>
    rows.filter((row) => row.id === refund.id),
  );
  const lineIds = withLines?.lineIds ?? [];
  const lines = await listLinesOfOrders(deps.db, [refund.order_id]);
  const products = await findProducts(
    deps,
    lines.map((line) => line.product_id),
  );
  const refundedNames = lines
    .filter((line) => lineIds.includes(line.id))
    .map((line) => line.product_name);
  const at = new Date().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await markRefundMade(trx, refund.id, at, providerRefundId))) return false;
    const order = await findOrder(trx, refund.order_id);
    if (!order) return false;
    const left = await recordRefundOnOrder(trx, {
      orderId: order.id,
      lineIds,
      amount: refund.amount,
      tax: refund.tax,
      at,
    });
    // Exactly the files no line left grants (a Complete Pack's book bought alone too stays).
    const kept = grantedFiles(
      left.map((line) => ({ productId: line.product_id })),
      products,
    ).map((file) => file.fileKey);
    const revoked = await revokeRefundedFiles(trx, order.id, kept, at);
    // Nothing left to welcome the buyer to or to review (docs/product.md#keeping-in-touch).
    if (kept.length === 0) await cancelOrderFollowUps(trx, order.id, 'refunded');
    await recordAdminAction(trx, {
      actor: refund.actor,
      action: 'order.refund',
      subject: { type: 'order', id: order.id },
      before: { status: order.status, refunded: order.amount_refunded },
      after: {
        status: left.length === 0 ? 'refunded' : order.status,
        refunded: order.amount_refunded + refund.amount,
        amount: refund.amount,
        lines: refundedNames.join(', '),
        files: revoked.length,
      },
    });
    await enqueueMail(trx, {
      to: order.email,
      dedupeKey: `refund:${refund.id}`,
      ...orderRefundMail({
        orderReference: order.number,
        productNames: refundedNames,
        nothingLeft: left.length === 0,
        amountRefunded: formatPrice(refund.amount, order.currency),
        supportEmail: deps.config.SUPPORT_EMAIL,
      }),
    });
    return true;
  });
}

/**
 * The retry (every few minutes, and when the service starts): asks the provider again for each
 * console refund still pending whose last attempt is older than the lease. Answers how many it
 * recorded as made.
 */
export async function retryPendingConsoleRefunds(
  deps: RefundsDependencies,
  log: RefundsLog,
  now = Date.now(),
): Promise<number> {
  const due = await listRefundsDue(
    deps.db,
    new Date(now - CONSOLE_REFUND_LEASE_MS).toISOString(),
    100,
  );
  let made = 0;
  for (const refund of due) {
    if ((await attemptConsoleRefund(deps, refund, log)).completedHere) made += 1;
  }
  return made;
}
