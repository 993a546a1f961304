/**
 * Fulfilment: one function, run by the Stripe webhook, by the local checkout's Pay button and
 * by purchase-detail when the provider says paid before any webhook arrived. In one
 * transaction it records the order, its lines, the download entitlements, any subscription
 * record and the confirmation e-mail. A second run for the same session changes nothing
 * (docs/adr/0005-payments-fulfilment-and-downloads.md). Other modules take it from ./service.ts.
 */
import { findProducts, type CatalogueProduct } from '../catalogue/service.ts';
import { markCheckoutSessionPaid, type CheckoutLine } from '../checkout/service.ts';
import {
  libraryLinkOf,
  linkValidDays,
  signDownloadLinks,
  type DownloadsDependencies,
} from '../downloads/service.ts';
import { enqueueMail, orderConfirmationMail } from '../mail/service.ts';
import { applyMembershipState, type MembershipUpdate } from '../memberships/service.ts';
import { subscribeFromCheckout } from '../newsletter/service.ts';
import {
  cancelCheckoutRemindersTo,
  schedulePurchaseFollowUps,
} from '../scheduled-messages/service.ts';
import { chargedAmountLines } from '@aba-shop/contract';
import { formatPrice } from '@aba-shop/service-kit/money';
import {
  insertEntitlements,
  insertOrderLines,
  insertOrderOnce,
  insertSubscriptionRecordOnce,
} from './repository.ts';

export interface PaidCheckout {
  sessionId: string;
  email: string;
  customerId: string | null;
  paymentIntentId: string | null;
  currency: string;
  lines: CheckoutLine[];
  /** What was charged, in cents (docs/product.md#charged-amounts). */
  amountSubtotal: number;
  amountDiscount: number;
  amountTax: number;
  amountTotal: number;
  termsAcceptedAt: string | null;
  /** The membership a subscription line started, and when the provider said so (Unix seconds). */
  membership: { update: MembershipUpdate; stateAt: number } | null;
  /** Whether the buyer ticked checkout's news box (docs/product.md#keeping-in-touch). */
  newsletter: boolean;
}

/** The files a set of lines grants, once each (the Complete Pack grants both books). */
export function grantedFiles(
  lines: Pick<CheckoutLine, 'productId'>[],
  products: Map<string, CatalogueProduct>,
) {
  const seen = new Set<string>();
  return lines.flatMap((line) =>
    (products.get(line.productId)?.fileKeys ?? [])
      .filter((fileKey) => !seen.has(fileKey) && seen.add(fileKey))
      .map((fileKey) => ({ productId: line.productId, fileKey })),
  );
}

export async function fulfilCheckoutSession(
  deps: DownloadsDependencies,
  paid: PaidCheckout,
): Promise<{ orderId: string | null; created: boolean }> {
  const { db, config } = deps;
  const email = paid.email.toLowerCase();
  // The catalogue entries of the lines' products: the files they grant.
  const products = await findProducts(
    deps,
    paid.lines.map((line) => line.productId),
  );
  return db.transaction().execute(async (trx) => {
    const order = await insertOrderOnce(trx, {
      checkoutSessionId: paid.sessionId,
      email,
      amountSubtotal: paid.amountSubtotal,
      amountDiscount: paid.amountDiscount,
      amountTax: paid.amountTax,
      amountTotal: paid.amountTotal,
      currency: paid.currency,
      paymentIntentId: paid.paymentIntentId,
      termsAcceptedAt: paid.termsAcceptedAt,
    });
    if (!order) return { orderId: null, created: false };
    const orderId = order.id;

    await insertOrderLines(trx, orderId, paid.lines);
    const entitlements = await insertEntitlements(trx, orderId, grantedFiles(paid.lines, products));
    const subscription = paid.lines.some((line) => line.type === 'subscription');
    if (subscription) {
      await insertSubscriptionRecordOnce(trx, {
        userId: paid.customerId ?? email,
        email,
        sessionId: paid.sessionId,
        subscriptionId: paid.membership?.update.subscriptionId ?? null,
      });
      if (paid.membership) {
        await applyMembershipState(trx, paid.membership.update, paid.membership.stateAt);
      }
    }
    await markCheckoutSessionPaid(trx, paid.sessionId, {
      email,
      customerId: paid.customerId,
      paymentIntentId: paid.paymentIntentId,
    });
    const mail = orderConfirmationMail({
      // The number that names the order and opens nothing (docs/product.md#order-reference).
      orderNumber: order.number,
      items: paid.lines.map((line) =>
        line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name,
      ),
      charges: chargedAmountLines(paid, (cents) => formatPrice(cents, paid.currency)),
      termsAcceptedAt: paid.termsAcceptedAt,
      links: signDownloadLinks(deps, entitlements),
      linkValidDays: linkValidDays(config),
      resendUrl: new URL('/thank-you', config.STOREFRONT_URL).toString(),
      // The order's first library link: a new order's generation is the first.
      libraryUrl: libraryLinkOf(config, { orderId, generation: 1 }),
      supportEmail: config.SUPPORT_EMAIL,
      subscription,
    });
    await enqueueMail(trx, { to: email, dedupeKey: `order-confirmation:${orderId}`, ...mail });
    // What follows the order (docs/product.md#keeping-in-touch), in its transaction.
    const paidAt = new Date();
    if (entitlements.length > 0) await schedulePurchaseFollowUps(trx, { orderId, email, paidAt });
    await cancelCheckoutRemindersTo(trx, email);
    if (paid.newsletter)
      await subscribeFromCheckout(trx, { email, orderId, at: paidAt.toISOString() });
    return { orderId, created: true };
  });
}
