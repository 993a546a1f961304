/**
 * The withdrawal function (docs/product.md#withdrawal, docs/adr/0026-withdrawal-function.md): a
 * consumer names a contract (signed in, one of their memberships; signed out, the e-mail address
 * and order reference of the purchase), sees it, and confirms. Within 14 days of a membership's
 * start the shop keeps the withdrawal, ends the membership at once, writes it to the order's
 * audit trail and e-mails an acknowledgement with the date and time it was received, whatever
 * the payment provider does; then it refunds it in full through the provider, at once or, while
 * the provider is unavailable, by the retry. The eBooks, delivered at once with the buyer's recorded waiver, and
 * memberships past their 14 days are refused with the reason.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database, OrderLineTable, OrderTable, WithdrawalTable } from '../../db/schema.ts';
import {
  ConflictError,
  ExpiredError,
  InvalidInputError,
  NotAllowedError,
  NotFoundError,
} from '../../domain-errors.ts';
import { signToken, verifyToken } from '../../signed-token.ts';
import type { Config } from '../../config.ts';
import { recordAdminAction } from '../audit/service.ts';
import type { PaymentProvider } from '../checkout/service.ts';
import { enqueueMail, withdrawalConfirmationMail } from '../mail/service.ts';
import { applyMembershipState } from '../memberships/service.ts';
import {
  attemptRefund,
  claimWithdrawalRefund,
  findSubscriptionIdOfSession,
  withdrawalAcknowledgement,
  type Refund,
} from '../orders/service.ts';
import { dateTimeUtc } from '@aba-shop/service-kit/date-time';
import {
  WITHDRAWAL_PERIOD_DAYS,
  withdrawalContractBodySchema,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type MyWithdrawalContracts,
  type WithdrawableContract,
  type WithdrawalBody,
  type WithdrawalContractBody,
  type WithdrawalLanguage,
  type WithdrawalReceipt,
  type WithdrawalRefusalReason,
} from '@aba-shop/contract';
import {
  findOrderWithLines,
  findWithdrawal,
  findWithdrawalOfOrder,
  confirmWithdrawalOnce,
  insertWithdrawalOnce,
  listMembershipOrdersOf,
  listWithdrawals,
  listWithdrawalsOfOrders,
  type Withdrawal,
} from './repository.ts';

export interface WithdrawalsDependencies {
  db: Kysely<Database>;
  config: Config;
  provider: PaymentProvider;
}

const DAY_MS = 86_400_000;

/** The service's words, in the language of the page the request came from. */
const TEXTS = {
  en: {
    needEmail: 'Enter the e-mail address you bought with, or sign in',
    // The same words whether the order exists or not: only its buyer learns anything.
    noMatch:
      'We found no contract for this e-mail address and order reference. Check both against your receipt e-mail (the order reference reads ABA- and eight letters or digits).',
    ebook: (consentAt: string | null) =>
      consentAt
        ? `This order is for eBooks, delivered at once: on ${dateTimeUtc(consentAt, 'en')} you asked for immediate delivery and acknowledged that you thereby lose your right of withdrawal, so it cannot be withdrawn from.`
        : 'This order is for eBooks, delivered at once on your request, so it cannot be withdrawn from.',
    periodOver: (until: string) =>
      `The ${WITHDRAWAL_PERIOD_DAYS}-day withdrawal period of this membership ended on ${dateTimeUtc(until, 'en')}. You can still cancel it from your account: it then ends with the period paid for.`,
    alreadyWithdrawn: (at: string) =>
      `You already withdrew from this contract on ${dateTimeUtc(at, 'en')}; its refund is made or on its way.`,
    refunded: 'This order has already been refunded.',
  },
  it: {
    needEmail: "Inserisci l'indirizzo e-mail dell'acquisto, oppure accedi",
    noMatch:
      "Non abbiamo trovato un contratto con questo indirizzo e-mail e questo riferimento d'ordine. Controlla entrambi nell'e-mail di conferma (il riferimento è ABA- seguito da otto lettere o cifre).",
    ebook: (consentAt: string | null) =>
      consentAt
        ? `Questo ordine riguarda eBook consegnati subito: il ${dateTimeUtc(consentAt, 'it')} hai chiesto la consegna immediata e riconosciuto di perdere così il diritto di recesso, quindi non è possibile recedere.`
        : 'Questo ordine riguarda eBook consegnati subito su tua richiesta, quindi non è possibile recedere.',
    periodOver: (until: string) =>
      `Il periodo di recesso di ${WITHDRAWAL_PERIOD_DAYS} giorni di questo abbonamento è terminato il ${dateTimeUtc(until, 'it')}. Puoi ancora annullarlo dal tuo account: terminerà alla fine del periodo pagato.`,
    alreadyWithdrawn: (at: string) =>
      `Hai già esercitato il recesso da questo contratto il ${dateTimeUtc(at, 'it')}; il rimborso è stato eseguito o è in corso.`,
    refunded: 'Questo ordine è già stato rimborsato.',
  },
} as const;

/** A refusal the page can word itself: the reason, and the date it turns on. */
class WithdrawalRefused extends ConflictError {
  constructor(message: string, reason: WithdrawalRefusalReason, at: string | null) {
    super(message, { reason, at });
  }
}

interface Contract {
  order: Selectable<OrderTable>;
  lines: Selectable<OrderLineTable>[];
  channel: WithdrawalTable['channel'];
  language: WithdrawalLanguage;
}

/** The last moment a contract concluded at `startedAt` can be withdrawn from. */
export function withdrawableUntil(startedAt: string): string {
  return new Date(Date.parse(startedAt) + WITHDRAWAL_PERIOD_DAYS * DAY_MS).toISOString();
}

/**
 * The contract a request names. Signed in, an order of the member's own address; otherwise
 * (or for another address's order) the order whose address is the one typed. Anything else is
 * the same "not found", so a stranger cannot tell an order that exists from one that does not.
 */
async function contractOf(
  { db }: WithdrawalsDependencies,
  input: WithdrawalContractBody,
  user: { email: string } | null,
): Promise<Contract> {
  const body = withdrawalContractBodySchema.parse(input);
  const texts = TEXTS[body.language];
  const typed = body.email?.trim().toLowerCase();
  if (!user && !typed) throw new InvalidInputError(texts.needEmail);
  const found = await findOrderWithLines(db, body.orderReference);
  const owner = found?.order.email.toLowerCase();
  const channel =
    user && owner === user.email.toLowerCase()
      ? 'account'
      : typed && owner === typed
        ? 'reference'
        : null;
  if (!found || !channel) throw new NotFoundError(texts.noMatch);
  return { ...found, channel, language: body.language };
}

const membershipLineOf = (lines: Selectable<OrderLineTable>[]) =>
  lines.find((line) => line.product_type === 'subscription');

/** Refuses a contract that cannot be withdrawn from now, with the reason; answers its line. */
async function ensureWithdrawable(
  deps: WithdrawalsDependencies,
  { order, lines, language }: Contract,
  now: number,
) {
  const texts = TEXTS[language];
  const membership = membershipLineOf(lines);
  if (!membership)
    throw new WithdrawalRefused(
      texts.ebook(order.terms_accepted_at),
      'ebook',
      order.terms_accepted_at,
    );
  const withdrawn = await findWithdrawalOfOrder(deps.db, order.id);
  if (withdrawn)
    throw new WithdrawalRefused(
      texts.alreadyWithdrawn(withdrawn.received_at),
      'already-withdrawn',
      withdrawn.received_at,
    );
  if (order.status === 'refunded') throw new WithdrawalRefused(texts.refunded, 'refunded', null);
  const until = withdrawableUntil(order.created_at);
  if (now > Date.parse(until))
    throw new WithdrawalRefused(texts.periodOver(until), 'period-over', until);
  return membership;
}

const contractView = (
  order: Pick<OrderTable, 'number' | 'created_at' | 'amount_total' | 'currency'>,
  productName: string,
): WithdrawableContract => ({
  orderReference: order.number,
  productName,
  startedAt: order.created_at,
  withdrawableUntil: withdrawableUntil(order.created_at),
  amountTotal: order.amount_total,
  currency: order.currency,
});

/** The first step: the contract named, if it can be withdrawn from now. Changes nothing. */
export async function previewWithdrawal(
  deps: WithdrawalsDependencies,
  body: WithdrawalContractBody,
  user: { email: string } | null,
  now = Date.now(),
): Promise<WithdrawableContract> {
  const contract = await contractOf(deps, body, user);
  const membership = await ensureWithdrawable(deps, contract, now);
  return contractView(contract.order, membership.product_name);
}

/** A signed-in member's memberships, each with whether it can still be withdrawn from. */
export async function listMyWithdrawalContracts(
  { db }: WithdrawalsDependencies,
  user: { email: string },
  now = Date.now(),
): Promise<MyWithdrawalContracts> {
  const rows = await listMembershipOrdersOf(db, user.email.toLowerCase());
  const withdrawals = await listWithdrawalsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return {
    contracts: rows.map((row) => {
      // One asked signed out and not confirmed yet has not happened: the member may withdraw.
      const withdrawnAt =
        withdrawals.find(
          (withdrawal) => withdrawal.order_id === row.id && withdrawal.outcome !== 'unconfirmed',
        )?.received_at ?? null;
      return {
        ...contractView(row, row.product_name),
        withdrawable:
          withdrawnAt === null &&
          row.status === 'paid' &&
          now <= Date.parse(withdrawableUntil(row.created_at)),
        withdrawnAt,
      };
    }),
  };
}

const receiptOf = (row: Withdrawal): WithdrawalReceipt => ({
  withdrawalId: row.id,
  orderReference: row.order_number,
  productName: row.product_name,
  email: row.email,
  receivedAt: row.received_at,
  outcome: row.outcome,
  amountRefunded: row.amount_refunded,
  currency: row.currency,
});

/** Where a withdrawal's failures are told: the request's log, or the service's for the retry. */
export type WithdrawalsLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The statement's words for the confirmation link's token: labelled, naming the withdrawal. */
const confirmationPayloadSchema = z.object({
  t: z.literal('withdrawal'),
  w: z.string().min(1).max(64),
  x: z.number().int().positive(),
});

/**
 * The single-use link that makes a withdrawal asked signed out take effect: e-mailed to the
 * order's address, on the withdrawal page of its language, the token in the fragment (which no
 * server or log sees). It works for WITHDRAWAL_PERIOD_DAYS after the withdrawal was received.
 */
/** When the confirmation link of a withdrawal stops working, in seconds since the epoch. */
const confirmationExpiry = (row: WithdrawalTable) =>
  Math.floor(Date.parse(row.received_at) / 1000) + WITHDRAWAL_PERIOD_DAYS * 86_400;

function confirmationUrl(deps: WithdrawalsDependencies, row: WithdrawalTable): string {
  const expiresAt = confirmationExpiry(row);
  const token = signToken(
    { t: 'withdrawal', w: row.id, x: expiresAt },
    deps.config.DOWNLOAD_SIGNING_SECRET,
  );
  const page = row.language === 'it' ? '/withdraw/it/confirm' : '/withdraw/confirm';
  return new URL(`${page}#${token}`, deps.config.STOREFRONT_URL).toString();
}

/** Queues the e-mail that acknowledges a withdrawal asked signed out and asks to confirm it. */
async function mailConfirmationRequest(
  deps: WithdrawalsDependencies,
  db: Kysely<Database> | Transaction<Database>,
  row: WithdrawalTable,
  now: number,
) {
  await enqueueMail(db, {
    to: row.email,
    // Asked again, the link is sent again, once an hour at most: whoever asks, the order's
    // mailbox is not flooded.
    dedupeKey: `withdrawal-confirmation:${row.order_id}:${Math.floor(now / 3_600_000)}`,
    ...withdrawalConfirmationMail({
      language: row.language,
      orderReference: row.order_number,
      productName: row.product_name,
      receivedAt: row.received_at,
      confirmUrl: confirmationUrl(deps, row),
      supportEmail: deps.config.SUPPORT_EMAIL,
    }),
  });
}

/**
 * What a withdrawal does when it takes effect, in the caller's transaction: the membership
 * ended, its refund asked of the orders module (pending until the provider makes it), the
 * audit entry, and the acknowledgement in the outbox. Answers the refund, for the caller to
 * ask of the provider once the transaction is kept.
 */
async function takeEffect(
  deps: WithdrawalsDependencies,
  trx: Transaction<Database>,
  row: WithdrawalTable,
  order: Selectable<OrderTable>,
  now: number,
): Promise<Refund> {
  const subscriptionId = await findSubscriptionIdOfSession(trx, order.checkout_session_id);
  if (subscriptionId) {
    await applyMembershipState(
      trx,
      {
        subscriptionId,
        status: 'canceled',
        currentPeriodEnd: new Date(now).toISOString(),
        cancelAtPeriodEnd: false,
      },
      Math.floor(now / 1000),
    );
  }
  await recordAdminAction(trx, {
    // The consumer did this, not an administrator: the trail names their address.
    actor: order.email,
    action: 'order.withdraw',
    subject: { type: 'order', id: order.id },
    before: { status: order.status, membership: 'active' },
    after: { status: order.status, membership: 'canceled', refund: 'pending' },
  });
  const mail = withdrawalAcknowledgement(deps.config, row, false);
  await enqueueMail(trx, { to: order.email, dedupeKey: `withdrawal:${order.id}`, ...mail });
  return claimWithdrawalRefund(trx, { orderId: order.id, actor: order.email });
}

/**
 * Asks the provider for the refund of a withdrawal that took effect (the orders module's
 * refunds, docs/adr/0046-one-refund-machinery.md); what fails is the retry's. Answers the
 * withdrawal as it then stands.
 */
async function refundTakenEffect(
  deps: WithdrawalsDependencies,
  withdrawalId: string,
  refund: Refund,
  log: WithdrawalsLog,
): Promise<WithdrawalReceipt> {
  try {
    await attemptRefund(deps, refund, log);
  } catch (error) {
    // The withdrawal is kept and acknowledged: whatever failed after that is the retry's.
    log.error(
      { err: error, withdrawalId, refundId: refund.id },
      'withdrawal refund attempt failed',
    );
  }
  return receiptOf(await withdrawalNamed(deps, withdrawalId));
}

/** A withdrawal that was just kept, as it now stands. */
async function withdrawalNamed(deps: WithdrawalsDependencies, id: string): Promise<Withdrawal> {
  const row = await findWithdrawal(deps.db, id);
  if (!row) throw new Error(`withdrawal ${id} was kept and is gone`);
  return row;
}

/**
 * The second step: the consumer confirmed on the page. The time it arrived is the withdrawal's,
 * and it is kept at once, whatever follows.
 *
 * Signed in as the order's buyer, it takes effect at once, in one transaction whatever the
 * payment provider does: the withdrawal (its refund pending), the membership ended, the audit
 * entry and the acknowledgement in the outbox. Then the refund and the subscription's end are
 * asked of the provider; when it cannot do them now, the answer is still the acknowledgement,
 * its outcome `refund-pending`, and the retry finishes the refund.
 *
 * Signed out, named by e-mail address and order reference (which a shared copy of a receipt or
 * PDF may carry), it is kept and acknowledged with its date and time, its outcome `unconfirmed`,
 * and takes effect only when confirmed from the link e-mailed to the order's address
 * (confirmWithdrawal; docs/product.md#withdrawal says why this meets the law). Asked again
 * before then, the link is sent again; asked signed in, it takes effect at once.
 */
export async function withdraw(
  deps: WithdrawalsDependencies,
  body: WithdrawalBody,
  user: { email: string } | null,
  log: WithdrawalsLog,
  now = Date.now(),
): Promise<WithdrawalReceipt> {
  const receivedAt = new Date(now).toISOString();
  const contract = await contractOf(deps, body, user);
  const { order, language, channel } = contract;
  const waiting = await findWithdrawalOfOrder(deps.db, order.id);
  if (waiting?.outcome === 'unconfirmed') {
    // Never confirmed in the 14 days after it arrived (so past the contract's own 14 days):
    // it has lapsed, and a statement made now is too late.
    if (now >= confirmationExpiry(waiting) * 1000) {
      const until = withdrawableUntil(order.created_at);
      throw new WithdrawalRefused(TEXTS[language].periodOver(until), 'period-over', until);
    }
    if (channel === 'account') return confirmKept(deps, waiting, log, now);
    await mailConfirmationRequest(deps, deps.db, waiting, now);
    return receiptOf(waiting);
  }
  const membership = await ensureWithdrawable(deps, contract, now);
  const atOnce = channel === 'account';
  const kept = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertWithdrawalOnce(trx, {
      order_id: order.id,
      checkout_session_id: order.checkout_session_id,
      order_number: order.number,
      email: order.email,
      product_name: membership.product_name,
      received_at: receivedAt,
      confirmed_at: atOnce ? receivedAt : null,
      channel,
      language,
      amount_refunded: order.amount_total,
      currency: order.currency,
    });
    if (!inserted) {
      // Confirmed twice at once: the other confirmation did it all.
      throw new WithdrawalRefused(
        TEXTS[language].alreadyWithdrawn(receivedAt),
        'already-withdrawn',
        receivedAt,
      );
    }
    if (atOnce) return { inserted, refund: await takeEffect(deps, trx, inserted, order, now) };
    await recordAdminAction(trx, {
      actor: order.email,
      action: 'order.withdrawal-received',
      subject: { type: 'order', id: order.id },
      before: null,
      after: { withdrawal: 'unconfirmed', receivedAt },
    });
    await mailConfirmationRequest(deps, trx, inserted, now);
    return { inserted, refund: null };
  });
  if (kept.refund) return refundTakenEffect(deps, kept.inserted.id, kept.refund, log);
  return receiptOf(await withdrawalNamed(deps, kept.inserted.id));
}

const CONFIRMATION_NOT_VALID =
  'This confirmation link is not valid. Please use the link in your e-mail from us, or ask again on the withdrawal page.';

/**
 * Makes a kept, unconfirmed withdrawal take effect (its link, or its buyer signed in), once: a
 * second confirmation answers the withdrawal as it stands and does nothing more.
 */
async function confirmKept(
  deps: WithdrawalsDependencies,
  kept: Withdrawal,
  log: WithdrawalsLog,
  now: number,
): Promise<WithdrawalReceipt> {
  const found = await findOrderWithLines(deps.db, kept.checkout_session_id);
  if (!found) throw new NotFoundError(CONFIRMATION_NOT_VALID);
  if (found.order.status === 'refunded')
    throw new WithdrawalRefused(TEXTS[kept.language].refunded, 'refunded', null);
  const confirmed = await deps.db.transaction().execute(async (trx) => {
    const row = await confirmWithdrawalOnce(trx, kept.id, new Date(now).toISOString());
    return row ? takeEffect(deps, trx, row, found.order, now) : null;
  });
  if (!confirmed) return receiptOf((await findWithdrawal(deps.db, kept.id)) ?? kept);
  return refundTakenEffect(deps, kept.id, confirmed, log);
}

/**
 * The link e-mailed to the order's address: the withdrawal it names takes effect, as received
 * when it was asked. Single-use; past WITHDRAWAL_PERIOD_DAYS after it was received it has
 * expired, and the withdrawal page takes the request again.
 */
export async function confirmWithdrawal(
  deps: WithdrawalsDependencies,
  token: string,
  log: WithdrawalsLog,
  now = Date.now(),
): Promise<WithdrawalReceipt> {
  const payload = verifyToken(
    token,
    deps.config.DOWNLOAD_SIGNING_SECRET,
    confirmationPayloadSchema,
  );
  const kept = payload ? await findWithdrawal(deps.db, payload.w) : undefined;
  if (!payload || !kept) throw new NotAllowedError(CONFIRMATION_NOT_VALID);
  if (kept.outcome !== 'unconfirmed') return receiptOf(kept);
  if (payload.x * 1000 <= now) {
    throw new ExpiredError(
      'This confirmation link has expired: the withdrawal was not confirmed within 14 days of asking. Please write to support.',
    );
  }
  return confirmKept(deps, kept, log, now);
}

/** What support sees: one order's withdrawals, or the newest hundred. */
export async function listWithdrawalsForSupport(
  { db }: WithdrawalsDependencies,
  query: { orderId?: string | undefined },
): Promise<AdminWithdrawalList> {
  const rows = await listWithdrawals(db, {
    ...(query.orderId ? { orderId: query.orderId } : {}),
    limit: 100,
  });
  return {
    items: rows.map((row): AdminWithdrawal => ({
      ...receiptOf(row),
      orderId: row.order_id,
      channel: row.channel,
      language: row.language,
      refundId: row.refund_id,
      refundAttemptedAt: row.refund_attempted_at,
      refundError: row.refund_error,
    })),
  };
}

// What a buyer's erasure and the retention sweep ask of this module (docs/product.md#your-data).
export {
  anonymiseWithdrawalsOf,
  deleteWithdrawalsOfOrders,
  listWithdrawalsOfEmail,
} from './repository.ts';
