/**
 * Orders: a checkout session's life once it is paid. Whichever way the payment is confirmed
 * (Stripe's webhook, stripe-webhook.ts; the buyer reaching the success page first; the local
 * checkout's Pay button) the session is fulfilled once (fulfilment.ts); then the shop answers
 * what a purchase holds, lists a signed-in buyer's purchases and confirms a subscription. The
 * module's place among the others: docs/adr/0014-commerce-module-shape.md.
 */
import type { Selectable } from 'kysely';
import type { OrderLineTable, OrderTable } from '../../db/schema.ts';
import {
  ConflictError,
  ExpiredError,
  NotFoundError,
  NotSignedInError,
} from '../../domain-errors.ts';
import { findProducts } from '../catalogue/service.ts';
import {
  findCheckoutSession,
  type CheckoutLine,
  type PaymentProvider,
  type StoredCheckoutSession,
} from '../checkout/service.ts';
import { signDownloadLinks, type DownloadsDependencies } from '../downloads/service.ts';
import {
  selectRecordsWithMembership,
  toSubscriptionRecord,
  updateOfProviderSubscription,
} from '../memberships/service.ts';
import { fulfilCheckoutSession } from './fulfilment.ts';
import {
  findOrderBySession,
  listOrderEntitlements,
  listOrderLines,
  listPurchaseRows,
} from './repository.ts';
import type {
  ChargedAmounts,
  PurchaseDetail,
  Purchases,
  SubscriptionRecord,
} from '@aba-shop/contract';
import { ORDER_PAGE_OPEN_MINUTES } from '@aba-shop/contract/constants';

// What other modules use of orders besides the functions below: the local checkout's Pay
// button fulfils through the very function the webhook runs.
export { fulfilCheckoutSession } from './fulfilment.ts';
// The order's life as other modules change it: support's revoke and restore, and every refund,
// whatever asks it (./refunds.ts; docs/product.md#refunds).
export { setOrderRevokedAt } from './repository.ts';
export {
  attemptRefund,
  claimWithdrawalRefund,
  recordProviderRefund,
  REFUND_LEASE_MS,
  refundOrder,
  retryPendingRefunds,
  withdrawalAcknowledgement,
  type Refund,
  type RefundOutcome,
  type RefundReason,
  type RefundsDependencies,
  type RefundsLog,
} from './refunds.ts';
export { lineCharges } from './refund-amounts.ts';
export {
  deleteRefundsOfOrders,
  findOrder,
  findSubscriptionIdOfSession,
  listRefundsOfOrders,
} from './repository.ts';
// And as a buyer's erasure and the retention sweep change it (docs/product.md#your-data).
// The subscription records the admin area keeps by hand, and an erasure deletes.
export {
  createSubscriptionRecord,
  deleteRecordsForErasure,
  deleteSubscriptionRecord,
  updateSubscriptionRecord,
} from './repository.ts';
export { anonymiseOrdersOf, deleteEntitlements, deleteOrders } from './repository.ts';

export interface OrdersDependencies extends DownloadsDependencies {
  provider: PaymentProvider;
}

const NO_PURCHASE = 'No purchase was found for this session';
const NOT_PAID = 'The payment for this session is not complete';
const PAGE_EXPIRED =
  'This order page has expired: the download links were e-mailed to the address of the purchase, which can also sign in for fresh ones';

/**
 * The order reference opens its order only for a while after payment
 * (docs/product.md#order-reference): later, whoever holds a stamped PDF, a forwarded receipt
 * or the thank-you address learns nothing from it.
 */
function ensureStillOpen(order: { created_at: string }, now = Date.now()) {
  const paidAt = Date.parse(order.created_at);
  if (now - paidAt > ORDER_PAGE_OPEN_MINUTES * 60_000) throw new ExpiredError(PAGE_EXPIRED);
}

/** Lines of a Stripe session the shop did not create (a hosted payment link), by price id. */
async function linesFromProvider(
  deps: OrdersDependencies,
  sessionId: string,
): Promise<CheckoutLine[]> {
  const productByPrice = new Map(
    Object.entries(deps.config.PRODUCT_STRIPE_PRICES).map(([productId, priceId]) => [
      priceId,
      productId,
    ]),
  );
  const items = await deps.provider.listLineItems(sessionId);
  const catalogue = await findProducts(deps, [...productByPrice.values()]);
  return items.map((item) => {
    const product = catalogue.get(productByPrice.get(item.priceId ?? '') ?? '');
    if (!product) {
      throw new Error(
        `Stripe price ${item.priceId} is not mapped to a product (PRODUCT_STRIPE_PRICES)`,
      );
    }
    return {
      productId: product.id,
      name: product.name,
      type: product.type,
      quantity: item.quantity,
      unitAmount: Math.round(item.amount / item.quantity),
    };
  });
}

/** The membership a paid session started, as the provider said it just now. */
function membershipOfPaidSession(subscription: unknown) {
  const update = updateOfProviderSubscription(subscription);
  return update ? { update, stateAt: Math.floor(Date.now() / 1000) } : null;
}

/**
 * Makes sure a paid session is fulfilled, asking the provider when no webhook has arrived yet
 * (Stripe recommends this on the success page). A session that does not exist is not found;
 * one that is not paid, or was cancelled, is a conflict.
 */
export async function ensureFulfilled(
  deps: OrdersDependencies,
  sessionId: string,
): Promise<StoredCheckoutSession | null> {
  const { db, provider } = deps;
  const stored = await findCheckoutSession(db, sessionId);
  if (stored?.status === 'paid') return stored;
  if (provider.name === 'local') {
    if (!stored) throw new NotFoundError(NO_PURCHASE);
    throw new ConflictError(
      stored.status === 'cancelled' ? 'This checkout was cancelled' : NOT_PAID,
    );
  }
  const remote = await provider.retrieveSession(sessionId);
  if (!remote) throw new NotFoundError(NO_PURCHASE);
  if (!remote.paid) throw new ConflictError(NOT_PAID);
  if (!remote.email) throw new Error(`Stripe session ${sessionId} is paid but has no e-mail`);
  await fulfilCheckoutSession(deps, {
    sessionId,
    email: remote.email,
    customerId: remote.customerId,
    paymentIntentId: remote.paymentIntentId,
    // What the provider charged, discount and tax included, over what the shop asked for.
    currency: remote.currency ?? stored?.currency ?? 'usd',
    amountSubtotal: remote.amountSubtotal ?? stored?.amount_total ?? remote.amountTotal ?? 0,
    amountDiscount: remote.amountDiscount,
    amountTax: remote.amountTax,
    amountTotal: remote.amountTotal ?? stored?.amount_total ?? 0,
    // Stripe does not say when the box was ticked; the shop learns it with the payment.
    termsAcceptedAt: remote.termsAccepted ? new Date().toISOString() : null,
    lines: stored?.lines ?? (await linesFromProvider(deps, sessionId)),
    membership: membershipOfPaidSession(remote.subscription),
    newsletter: remote.promotionsConsent,
  });
  return (await findCheckoutSession(db, sessionId)) ?? null;
}

/** What an order charged (docs/product.md#charged-amounts). */
export function chargedAmountsOf(order: Selectable<OrderTable>): ChargedAmounts {
  return {
    amountSubtotal: order.amount_subtotal ?? order.amount_total,
    amountDiscount: order.amount_discount,
    amountTax: order.amount_tax,
    amountTotal: order.amount_total,
    currency: order.currency,
    termsAcceptedAt: order.terms_accepted_at,
  };
}

/** What every list of orders (the buyer's, the support console's) says of one order. */
export function orderSummaryOf(order: Selectable<OrderTable>) {
  return {
    orderId: order.id,
    orderNumber: order.number,
    createdAt: order.created_at,
    status: order.status,
    ...chargedAmountsOf(order),
  };
}

/** The rows of one order among those of several (lines, entitlements). */
export const rowsOfOrder = <Row extends { order_id: string }>(rows: Row[], orderId: string) =>
  rows.filter((row) => row.order_id === orderId);

/** A line of an order as the lists of orders name it. */
export const productOfLine = (line: Selectable<OrderLineTable>) => ({
  productId: line.product_id,
  productName: line.product_name,
  quantity: line.quantity,
});

/** The products, fresh download links and e-mail of a paid checkout session. */
export async function purchaseDetail(
  deps: OrdersDependencies,
  sessionId: string,
): Promise<PurchaseDetail> {
  const { db } = deps;
  await ensureFulfilled(deps, sessionId);
  const order = await findOrderBySession(db, sessionId);
  if (!order) throw new NotFoundError(NO_PURCHASE);
  ensureStillOpen(order);
  const [lines, entitlements] = await Promise.all([
    listOrderLines(db, order.id),
    listOrderEntitlements(db, order.id),
  ]);
  const links = signDownloadLinks(deps, entitlements);
  return {
    products: lines.map((line) => {
      const files = links
        .filter((link) => link.productId === line.product_id)
        .map(({ kind, label, url }) => ({ kind, label, url }));
      return {
        productId: line.product_id,
        productName: line.product_name,
        price: line.unit_amount,
        quantity: line.quantity,
        type: line.product_type,
        downloadUrl: files.find((file) => file.kind === 'pdf')?.url ?? files[0]?.url ?? null,
        files,
      };
    }),
    customerEmail: order.email,
    checkoutSessionId: sessionId,
    orderId: order.id,
    orderNumber: order.number,
    ...chargedAmountsOf(order),
  };
}

/**
 * A signed-in buyer's orders, matched by the e-mail they paid with
 * (docs/product.md#what-the-shop-is), each with fresh download links, and their subscriptions.
 */
export async function listPurchases(
  deps: OrdersDependencies,
  buyer: { email: string } | null,
): Promise<Purchases> {
  if (!buyer) throw new NotSignedInError('Not signed in');
  const { orders, lines, entitlements, subscriptions } = await listPurchaseRows(
    deps.db,
    buyer.email,
  );
  return {
    orders: orders.map((order) => ({
      ...orderSummaryOf(order),
      products: rowsOfOrder(lines, order.id).map(productOfLine),
      files: signDownloadLinks(deps, rowsOfOrder(entitlements, order.id)).map(
        ({ kind, label, url }) => ({ kind, label, url }),
      ),
    })),
    subscriptions: subscriptions.map((row) => ({
      ...toSubscriptionRecord(row),
      orderNumber:
        orders.find((order) => order.checkout_session_id === row.session_id)?.number ?? null,
    })),
  };
}

/**
 * The success page's confirmation of a subscription. Never trusted from the browser: the
 * session must be paid and hold a subscription. It writes nothing: fulfilment made the record
 * with the order, in its transaction, and this answers it, however often it is asked.
 */
export async function confirmSubscription(
  deps: OrdersDependencies,
  sessionId: string,
): Promise<SubscriptionRecord> {
  const session = await ensureFulfilled(deps, sessionId);
  if (!session?.lines.some((line) => line.type === 'subscription')) {
    throw new ConflictError('This purchase does not include a subscription');
  }
  // The record names the buyer's address: the same window as the order page.
  const order = await findOrderBySession(deps.db, sessionId);
  if (order) ensureStillOpen(order);
  const record = await selectRecordsWithMembership(deps.db)
    .where('r.session_id', '=', sessionId)
    .executeTakeFirst();
  // Support deleted it in the admin area: the page is not to make it again.
  if (!record) throw new NotFoundError('This purchase has no subscription record');
  return toSubscriptionRecord(record);
}
