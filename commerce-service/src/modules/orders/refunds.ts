/**
 * Refunds, whatever asks them (docs/product.md#refunds, docs/adr/0046-one-refund-machinery.md):
 * support from the console (the whole order or chosen lines), a withdrawal (the rest of the
 * order, and its subscription ended), and the payment provider itself (a refund made in Stripe,
 * a lost dispute). Each is one record in `order_refunds` with its reason. One asked of the
 * provider is written first, pending, claiming its lines; then the provider is asked under the
 * refund's idempotency key; once made, one transaction keeps it with the order and its lines
 * (which the owner's day sums follow), revokes exactly the files no line left grants, cancels
 * what was to follow when nothing is left, and, by its reason, audits it and tells the buyer.
 * A provider that cannot answer leaves it pending for the one retry; one that refuses frees the
 * lines of support's refund (support sees why at once) and leaves a withdrawal's pending, owed.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrderRefundTable, RefundReason, WithdrawalTable } from '../../db/schema.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import { isStripeUnavailable } from '../../plugins/stripe-errors.ts';
import { recordAdminAction } from '../audit/service.ts';
import { findProducts } from '../catalogue/service.ts';
import type { PaymentProvider } from '../checkout/service.ts';
import {
  enqueueMail,
  orderRefundMail,
  reviseQueuedMail,
  withdrawalAcknowledgementMail,
} from '../mail/service.ts';
import { cancelOrderFollowUps } from '../scheduled-messages/service.ts';
import { formatPrice } from '@aba-shop/service-kit/money';
import type { AdminOrderRefundBody } from '@aba-shop/contract';
import { grantedFiles } from './fulfilment.ts';
import { refundAmountOf } from './refund-amounts.ts';
import {
  claimRefundAttempt,
  findOrder,
  findOrderIdByPaymentIntent,
  findSubscriptionIdOfSession,
  findWithdrawalOfOrder,
  insertRefundClaim,
  listClaimedLineIds,
  listOrderLines,
  listRefundLineIds,
  listRefundsDue,
  markRefundMade,
  recordRefundError,
  recordRefundOnOrder,
  releaseRefundClaim,
  revokeRefundedFiles,
} from './repository.ts';

export type { RefundReason };
export type Refund = Selectable<OrderRefundTable>;

export interface RefundsDependencies {
  db: Kysely<Database>;
  config: Config;
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
 * the provider's calls can last (Stripe's 20 s timeout, retried twice, for the refund and a
 * withdrawal's cancellation), so two attempts rarely meet; when they do, the idempotency key
 * makes them one refund.
 */
export const REFUND_LEASE_MS = 5 * 60_000;

export type RefundOutcome = 'refunded' | 'pending';

type Db = Kysely<Database> | Transaction<Database>;

/** An order as a refund reads it: the order, its lines, and the lines a refund holds already. */
async function refundableOrder(db: Db, orderId: string) {
  const [order, lines, claimed] = await Promise.all([
    findOrder(db, orderId),
    listOrderLines(db, orderId),
    listClaimedLineIds(db, orderId),
  ]);
  return order ? { order, lines, claimed } : null;
}
type RefundableOrder = NonNullable<Awaited<ReturnType<typeof refundableOrder>>>;

/**
 * A refund of `chosen` lines of an order (all those no refund holds yet, when null), as a row
 * to write: its amount and tax are what those lines were charged, or the rest of the order when
 * they are the last.
 */
function refundOf(
  { order, lines, claimed }: RefundableOrder,
  chosen: Set<string> | null,
  request: Pick<Refund, 'reason' | 'actor' | 'status' | 'end_subscription'>,
): { refund: Refund; lineIds: string[] } {
  const lineIds =
    chosen ??
    new Set(lines.filter((line) => !line.refunded_at && !claimed.has(line.id)).map((l) => l.id));
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
    lineIds,
  );
  const id = `rfd_${randomUUID().replaceAll('-', '')}`;
  const now = new Date().toISOString();
  const made = request.status === 'refunded';
  return {
    refund: {
      id,
      order_id: order.id,
      amount,
      tax,
      whole_order: wholeOrder ? 1 : 0,
      created_at: now,
      attempted_at: null,
      refunded_at: made ? now : null,
      provider_refund_id: null,
      error: null,
      // The provider made one itself: nothing to ask it, under no key.
      idempotency_key: made ? null : `refund:${id}`,
      ...request,
    },
    lineIds: [...lineIds],
  };
}

/**
 * Support's refund from the console: the whole order (all lines not refunded yet) or the lines
 * named (docs/product.md#refunds-from-the-console). Answers whether the provider made it now
 * or it waits for the retry.
 */
export async function refundOrder(
  deps: RefundsDependencies,
  orderId: string,
  body: AdminOrderRefundBody,
  actor: string,
  log: RefundsLog,
): Promise<RefundOutcome> {
  const refundable = await refundableOrder(deps.db, orderId);
  if (!refundable) throw new NotFoundError(NO_ORDER);
  const { order, lines, claimed } = refundable;
  if (order.status === 'refunded') throw new ConflictError(ORDER_REFUNDED);
  const named = body.lineIds ? [...new Set(body.lineIds)] : null;
  for (const id of named ?? []) {
    const line = lines.find((candidate) => candidate.id === id);
    if (!line) throw new InvalidInputError(unknownLine(id));
    if (line.refunded_at) throw new ConflictError(lineRefunded(line.product_name));
    if (claimed.has(id)) throw new ConflictError(linePending(line.product_name));
  }
  const asked = refundOf(refundable, named ? new Set(named) : null, {
    reason: 'support',
    actor,
    status: 'pending',
    end_subscription: 0,
  });
  if (asked.lineIds.length === 0) throw new ConflictError(NOTHING_LEFT);
  await deps.db.transaction().execute(async (trx) => {
    if ((await insertRefundClaim(trx, asked.refund, asked.lineIds)) !== asked.lineIds.length)
      throw new ConflictError(CLAIMED_MEANWHILE);
  });
  const attempt = await attemptRefund(deps, asked.refund, log);
  if (attempt.refused) throw new ConflictError(providerRefused(attempt.refused));
  return attempt.outcome;
}

/**
 * A withdrawal's refund, in the transaction that makes the withdrawal take effect: the rest of
 * the order, pending, its subscription to be ended with it. The caller asks the provider once
 * the transaction is kept (attemptRefund); what fails then is the retry's.
 */
export async function claimWithdrawalRefund(
  trx: Transaction<Database>,
  { orderId, actor }: { orderId: string; actor: string },
): Promise<Refund> {
  const refundable = await refundableOrder(trx, orderId);
  if (!refundable) throw new NotFoundError(NO_ORDER);
  const asked = refundOf(refundable, null, {
    reason: 'withdrawal',
    actor,
    status: 'pending',
    end_subscription: 1,
  });
  if ((await insertRefundClaim(trx, asked.refund, asked.lineIds)) !== asked.lineIds.length)
    throw new ConflictError(CLAIMED_MEANWHILE);
  return asked.refund;
}

/**
 * A refund the provider made itself (a refund in full made in Stripe's dashboard, a lost
 * dispute taking the money back): recorded as made, of every line no refund holds, with the
 * same effects as any refund. Answers how many files stopped (none when every line was
 * refunded or held already: the refund the shop asked is what the provider reports).
 */
export async function recordProviderRefund(
  deps: Pick<RefundsDependencies, 'db' | 'config'>,
  { paymentIntentId, reason }: { paymentIntentId: string; reason: 'stripe' | 'dispute' },
): Promise<number> {
  const order = await findOrderIdByPaymentIntent(deps.db, paymentIntentId);
  if (!order) return 0;
  return deps.db.transaction().execute(async (trx) => {
    const refundable = await refundableOrder(trx, order.id);
    if (!refundable) return 0;
    const made = refundOf(refundable, null, {
      reason,
      actor: 'stripe',
      status: 'refunded',
      end_subscription: 0,
    });
    if (made.lineIds.length === 0) return 0;
    // Read in the transaction: a SQLite file has one connection, which it holds.
    const products = await productsOf({ db: trx, config: deps.config }, refundable.lines);
    if ((await insertRefundClaim(trx, made.refund, made.lineIds)) !== made.lineIds.length)
      throw new ConflictError(CLAIMED_MEANWHILE);
    const { revoked } = await applyRefund(trx, made.refund, made.lineIds, products);
    return revoked.length;
  });
}

/** The catalogue's products these lines name (what each grants). */
const productsOf = (
  deps: Pick<RefundsDependencies, 'db' | 'config'>,
  lines: { product_id: string }[],
) =>
  findProducts(
    deps,
    lines.map((line) => line.product_id),
  );

/**
 * What a made refund does to the order, in the caller's transaction: its amounts and lines
 * kept, exactly the files no line left grants revoked (a Complete Pack's book bought alone too
 * stays), and what was to follow cancelled when nothing is left.
 */
async function applyRefund(
  trx: Transaction<Database>,
  refund: Refund,
  lineIds: string[],
  products: Awaited<ReturnType<typeof findProducts>>,
) {
  const left = await recordRefundOnOrder(trx, {
    orderId: refund.order_id,
    lineIds,
    amount: refund.amount,
    tax: refund.tax,
    at: refund.refunded_at ?? new Date().toISOString(),
  });
  const kept = grantedFiles(
    left.map((line) => ({ productId: line.product_id })),
    products,
  ).map((file) => file.fileKey);
  const revoked = await revokeRefundedFiles(
    trx,
    refund.order_id,
    kept,
    refund.refunded_at ?? new Date().toISOString(),
  );
  // Nothing left to welcome the buyer to or to review (docs/product.md#keeping-in-touch).
  if (kept.length === 0) await cancelOrderFollowUps(trx, refund.order_id, 'refunded');
  return { left, revoked };
}

/**
 * Asks the provider for a pending refund, once this caller holds the attempt, and keeps it when
 * made. An outage leaves it pending with the provider's words; a refusal frees the lines of
 * support's refund and answers the words, and leaves a withdrawal's pending (it is owed, and a
 * refund support then makes by hand is found by the retry under the same key).
 */
export async function attemptRefund(
  deps: RefundsDependencies,
  refund: Refund,
  log: RefundsLog,
): Promise<{ outcome: RefundOutcome; refused?: string; completedHere: boolean }> {
  const attemptAt = new Date().toISOString();
  if (!(await claimRefundAttempt(deps.db, refund.id, refund.attempted_at, attemptAt)))
    return { outcome: 'pending', completedHere: false };
  const order = await findOrder(deps.db, refund.order_id);
  const idempotencyKey = refund.idempotency_key ?? `refund:${refund.id}`;
  let providerRefundId: string | null = null;
  try {
    if (refund.end_subscription)
      ({ refundId: providerRefundId } = await deps.provider.refundAndEndSubscription({
        paymentIntentId: order?.payment_intent_id ?? null,
        subscriptionId: order
          ? await findSubscriptionIdOfSession(deps.db, order.checkout_session_id)
          : null,
        idempotencyKey,
      }));
    else if (order?.payment_intent_id && refund.amount > 0)
      ({ refundId: providerRefundId } = await deps.provider.refundPayment({
        paymentIntentId: order.payment_intent_id,
        amount: refund.amount,
        idempotencyKey,
      }));
  } catch (error) {
    const outage = isStripeUnavailable(error);
    const words = (error as Error).message;
    const context = { err: error, refundId: refund.id, reason: refund.reason };
    if (outage || refund.reason !== 'support') {
      if (outage) log.warn(context, 'refund pending');
      else log.error(context, 'refund refused');
      await recordRefundError(
        deps.db,
        refund.id,
        `${outage ? 'provider unavailable' : 'provider refused'}: ${words}`,
      );
      return { outcome: 'pending', completedHere: false };
    }
    log.error(context, 'refund refused');
    await releaseRefundClaim(deps.db, refund.id, `provider refused: ${words}`);
    return { outcome: 'pending', refused: words, completedHere: false };
  }
  const completedHere = await keepMadeRefund(deps, refund, providerRefundId);
  if (completedHere)
    log.info({ refundId: refund.id, providerRefundId, reason: refund.reason }, 'refunded');
  return { outcome: 'refunded', completedHere };
}

/** Keeps a refund the provider made; false when another attempt kept it first. */
async function keepMadeRefund(
  deps: RefundsDependencies,
  refund: Refund,
  providerRefundId: string | null,
): Promise<boolean> {
  const [lineIds, lines] = await Promise.all([
    listRefundLineIds(deps.db, refund.id),
    listOrderLines(deps.db, refund.order_id),
  ]);
  const products = await productsOf(deps, lines);
  const refundedNames = lines
    .filter((line) => lineIds.includes(line.id))
    .map((line) => line.product_name);
  const at = new Date().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await markRefundMade(trx, refund.id, at, providerRefundId))) return false;
    const order = await findOrder(trx, refund.order_id);
    if (!order) return false;
    const made = { ...refund, refunded_at: at, provider_refund_id: providerRefundId };
    const { left, revoked } = await applyRefund(trx, made, lineIds, products);
    const status = left.length === 0 ? 'refunded' : order.status;
    if (refund.reason === 'withdrawal') {
      await recordAdminAction(trx, {
        // The refund the consumer's withdrawal asked for: by their address, as its receipt is.
        actor: refund.actor,
        action: 'order.withdrawal-refund',
        subject: { type: 'order', id: order.id },
        before: { status: order.status, refund: 'pending' },
        after: { status, refund: 'refunded', refundId: providerRefundId },
      });
      const withdrawal = await findWithdrawalOfOrder(trx, order.id);
      if (withdrawal)
        await reviseQueuedMail(
          trx,
          `withdrawal:${order.id}`,
          withdrawalAcknowledgement(deps.config, withdrawal, true),
        );
      return true;
    }
    await recordAdminAction(trx, {
      actor: refund.actor,
      action: 'order.refund',
      subject: { type: 'order', id: order.id },
      before: { status: order.status, refunded: order.amount_refunded },
      after: {
        status,
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
 * The e-mail that acknowledges a withdrawal (docs/product.md#withdrawal): with the date and time
 * it was received, and whether its refund has been made.
 */
export const withdrawalAcknowledgement = (
  config: Pick<Config, 'SUPPORT_EMAIL'>,
  withdrawal: Selectable<WithdrawalTable>,
  refunded: boolean,
) =>
  withdrawalAcknowledgementMail({
    language: withdrawal.language,
    orderReference: withdrawal.order_number,
    productName: withdrawal.product_name,
    receivedAt: withdrawal.received_at,
    amountRefunded: formatPrice(withdrawal.amount_refunded, withdrawal.currency),
    refunded,
    supportEmail: config.SUPPORT_EMAIL,
  });

/**
 * The retry (every few minutes, and when the service starts): asks the provider again for each
 * refund still pending, whatever asked it, whose last attempt is older than the lease. Answers
 * how many it recorded as made.
 */
export async function retryPendingRefunds(
  deps: RefundsDependencies,
  log: RefundsLog,
  now = Date.now(),
): Promise<number> {
  const due = await listRefundsDue(deps.db, new Date(now - REFUND_LEASE_MS).toISOString(), 100);
  let made = 0;
  for (const refund of due) {
    if ((await attemptRefund(deps, refund, log)).completedHere) made += 1;
  }
  return made;
}
