/**
 * Payment providers. Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise the built-in
 * local test checkout (modules/local-checkout), whose page this service serves. Both feed the
 * same fulfilment.
 */
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { consentBasketOf, consentMarkdown } from './consent.ts';
import { EMBEDDED_UI_MODE, paymentPageUrl, uiModeFields } from './embedded.ts';
import type { CheckoutLine } from './lines.ts';

export interface NewCheckout {
  lines: CheckoutLine[];
  currency: string;
  mode: 'payment' | 'subscription';
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** What the provider says about a session it holds. */
export interface ProviderSession {
  paid: boolean;
  email: string | null;
  customerId: string | null;
  paymentIntentId: string | null;
  amountTotal: number | null;
  currency: string | null;
  /** What was charged, in cents, as the provider computed it (docs/product.md#charged-amounts). */
  amountSubtotal: number | null;
  amountDiscount: number;
  amountTax: number;
  /** Whether the buyer accepted the terms at checkout. */
  termsAccepted: boolean;
  /** Whether the buyer agreed to news and offers by e-mail (docs/product.md#keeping-in-touch). */
  promotionsConsent: boolean;
  /**
   * The subscription a paid session started, as the provider's own object says it is now;
   * the memberships module reads it.
   */
  subscription: unknown;
}

export interface PaymentProvider {
  name: 'local' | 'stripe';
  createSession(checkout: NewCheckout): Promise<{ id: string; url: string }>;
  /** The provider's own view of a session; null when it does not know it. */
  retrieveSession(id: string): Promise<ProviderSession | null>;
  /** Line items of a session the shop did not create (a hosted payment link). */
  listLineItems(
    id: string,
  ): Promise<{ priceId: string | null; quantity: number; amount: number }[]>;
  /**
   * The event a webhook call carries, once its signature over the exact bytes sent is checked
   * against the secret; throws when it does not match.
   */
  verifyWebhookEvent(payload: Buffer, signature: string, secret: string): unknown;
  /** A page where the member manages this subscription and comes back to `returnUrl`. */
  createPortalSession(request: {
    subscriptionId: string;
    customerId: string | null;
    returnUrl: string;
  }): Promise<string>;
  /** What the pay page needs of an embedded Checkout session (Stripe only); null when unknown. */
  embeddedSession?(id: string): Promise<EmbeddedSession | null>;
  /**
   * A withdrawal (docs/product.md#withdrawal): refunds the payment in full and ends the
   * subscription at once. Answers the provider's refund id, null when it holds no payment; a
   * payment refunded already answers the refund that was made.
   */
  refundAndEndSubscription(request: {
    paymentIntentId: string | null;
    subscriptionId: string | null;
    idempotencyKey: string;
  }): Promise<{ refundId: string | null }>;
  /**
   * A refund from the support console (docs/product.md#refunds-from-the-console): `amount`
   * cents of the payment, once per idempotency key. Answers the provider's refund id, null
   * when the provider holds no money (the test checkout); a payment refunded in full already
   * answers the refund that was made.
   */
  refundPayment(request: {
    paymentIntentId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string | null }>;
  /**
   * Sends a dispute's evidence to the card issuer through Stripe (`submit=true`): the text
   * fields of Stripe's dispute evidence (docs/product.md#disputes). The test checkout takes no
   * money, so it has no disputes and refuses.
   */
  submitDisputeEvidence(request: {
    disputeId: string;
    evidence: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ status: string }>;
}

/** An embedded session's state at Stripe, and the secret Stripe.js mounts it with. */
export interface EmbeddedSession {
  status: 'open' | 'complete' | 'expired';
  /** Null for a session that is not embedded. */
  clientSecret: string | null;
}

/** The id of a Stripe object's reference to another, expanded or not. */
export const stripeIdOf = (reference: string | { id: string } | null | undefined) =>
  typeof reference === 'string' ? reference : (reference?.id ?? null);

/** The placeholder the success URL carries until Stripe fills in the session id. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * How long one call to Stripe may stay silent before the SDK gives up on it and tries again:
 * its three attempts, with the SDK's waits between them (0.5 s, then 1 s, at most), end before
 * the storefront stops waiting for the commerce service (30 s, docs/reliability.md#stripe-fails),
 * so that a call lost on its way is retried for the buyer instead of ending in the front's 503.
 */
export const STRIPE_CALL_TIMEOUT_MS = 9_000;
const STRIPE_NETWORK_RETRIES = 2;

export function createStripeClient(config: Config): Stripe {
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY as string, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_CALL_TIMEOUT_MS,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/**
 * What Checkout asks of the buyer and how it charges (docs/product.md#checkout-consent-and-charges):
 * consent to the terms and to immediate delivery, tax, promotion codes and invoices.
 */
export function checkoutOptionFields(
  { mode, lines }: Pick<NewCheckout, 'mode' | 'lines'>,
  config: Config,
): Partial<Stripe.Checkout.SessionCreateParams> {
  return {
    // Checkout's news box, unticked, apart from the required consent: Stripe's own consent to
    // promotional e-mails (docs/product.md#keeping-in-touch).
    consent_collection: {
      promotions: 'auto' as const,
      ...(config.CHECKOUT_TERMS_CONSENT ? { terms_of_service: 'required' as const } : {}),
    },
    // A session left unpaid can be reopened from its reminder.
    ...(config.CHECKOUT_RECOVERY_MINUTES
      ? { after_expiration: { recovery: { enabled: true } } }
      : {}),
    ...(config.CHECKOUT_TERMS_CONSENT
      ? {
          custom_text: {
            terms_of_service_acceptance: {
              message: consentMarkdown(config.STOREFRONT_URL, consentBasketOf(lines)),
            },
          },
        }
      : {}),
    ...(config.STRIPE_AUTOMATIC_TAX
      ? {
          automatic_tax: { enabled: true },
          // Checkout asks for the part of the address the buyer's tax depends on.
          billing_address_collection: 'auto' as const,
        }
      : {}),
    ...(config.STRIPE_PROMOTION_CODES ? { allow_promotion_codes: true } : {}),
    // A subscription's payments are invoiced anyway; a one-time payment only when asked.
    ...(config.STRIPE_INVOICES && mode === 'payment'
      ? { invoice_creation: { enabled: true } }
      : {}),
  };
}

/**
 * Refunds a payment at Stripe, all of it or `amount` cents, once per idempotency key. Refunded
 * already (`charge_already_refunded`: by hand in the Dashboard, or by an earlier attempt whose
 * answer was lost and whose key Stripe has since forgotten, after 24 hours), the buyer has
 * their money: the refund is the one Stripe holds.
 */
async function refundAtStripe(
  stripe: Stripe,
  request: { paymentIntent: string; amount?: number; idempotencyKey: string },
): Promise<Stripe.Refund | null> {
  try {
    return await stripe.refunds.create(
      {
        payment_intent: request.paymentIntent,
        ...(request.amount === undefined ? {} : { amount: request.amount }),
        reason: 'requested_by_customer',
      },
      { idempotencyKey: request.idempotencyKey },
    );
  } catch (error) {
    if (
      !(error instanceof Stripe.errors.StripeInvalidRequestError) ||
      error.code !== 'charge_already_refunded'
    )
      throw error;
    const made = await stripe.refunds.list({ payment_intent: request.paymentIntent, limit: 1 });
    return made.data[0] ?? null;
  }
}

export function createStripeProvider(stripe: Stripe, config: Config): PaymentProvider {
  const priceIds = config.PRODUCT_STRIPE_PRICES;
  return {
    name: 'stripe',
    async createSession(checkout) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: checkout.mode,
          line_items: checkout.lines.map((line) => {
            const price = priceIds[line.productId];
            if (price) return { price, quantity: line.quantity };
            return {
              quantity: line.quantity,
              price_data: {
                currency: checkout.currency,
                unit_amount: line.unitAmount,
                product_data: { name: line.name, metadata: { product_id: line.productId } },
                ...(line.type === 'subscription'
                  ? { recurring: { interval: 'month' as const } }
                  : {}),
              },
            };
          }),
          ...uiModeFields(checkout, config),
          // Stripe Checkout always asks for the buyer's e-mail; the confirmation goes there.
          ...(checkout.mode === 'payment' ? { customer_creation: 'always' as const } : {}),
          metadata: { source: 'aba-parent-guides-shop' },
          ...checkoutOptionFields(checkout, config),
        },
        { idempotencyKey: checkout.idempotencyKey },
      );
      return { id: session.id, url: paymentPageUrl(session, config) };
    },
    async retrieveSession(id) {
      try {
        const session = await stripe.checkout.sessions.retrieve(id, {
          expand: ['subscription'],
        });
        return {
          paid:
            session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
          email: session.customer_details?.email ?? session.customer_email ?? null,
          customerId: stripeIdOf(session.customer),
          paymentIntentId: stripeIdOf(session.payment_intent),
          amountTotal: session.amount_total,
          currency: session.currency,
          amountSubtotal: session.amount_subtotal,
          amountDiscount: session.total_details?.amount_discount ?? 0,
          amountTax: session.total_details?.amount_tax ?? 0,
          termsAccepted: session.consent?.terms_of_service === 'accepted',
          promotionsConsent: session.consent?.promotions === 'opt_in',
          subscription: session.subscription,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },
    async listLineItems(id) {
      const items = await stripe.checkout.sessions.listLineItems(id, { limit: 100 });
      return items.data.map((item) => ({
        priceId: item.price?.id ?? null,
        quantity: item.quantity ?? 1,
        amount: item.amount_total,
      }));
    },
    verifyWebhookEvent(payload, signature, secret) {
      return stripe.webhooks.constructEvent(payload, signature, secret);
    },
    async createPortalSession({ customerId, returnUrl }) {
      if (!customerId) throw new Error('A Stripe subscription without a customer has no portal');
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
    async refundAndEndSubscription({ paymentIntentId, subscriptionId, idempotencyKey }) {
      // A subscription's first payment belongs to its invoice, not to the checkout session.
      let paymentIntent = paymentIntentId;
      if (!paymentIntent && subscriptionId) {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
          expand: ['latest_invoice.payments'],
        });
        const invoice = subscription.latest_invoice;
        const payment = typeof invoice === 'object' ? invoice?.payments?.data[0]?.payment : null;
        paymentIntent = stripeIdOf(payment?.payment_intent);
      }
      const refund = paymentIntent
        ? await refundAtStripe(stripe, {
            paymentIntent,
            idempotencyKey: `${idempotencyKey}:refund`,
          })
        : null;
      if (subscriptionId) {
        try {
          await stripe.subscriptions.cancel(
            subscriptionId,
            {},
            {
              idempotencyKey: `${idempotencyKey}:cancel`,
            },
          );
        } catch (error) {
          // Already ended at Stripe: there is nothing left to end.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }
      return { refundId: refund?.id ?? null };
    },
    async refundPayment({ paymentIntentId, amount, idempotencyKey }) {
      const refund = await refundAtStripe(stripe, {
        paymentIntent: paymentIntentId,
        amount,
        idempotencyKey,
      });
      return { refundId: refund?.id ?? null };
    },
    async submitDisputeEvidence({ disputeId, evidence, idempotencyKey }) {
      const dispute = await stripe.disputes.update(
        disputeId,
        { evidence, submit: true },
        { idempotencyKey },
      );
      return { status: dispute.status };
    },
    async embeddedSession(id) {
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        return {
          // Anything else (expired, or a state Stripe adds later) can no longer be paid.
          status:
            (['open', 'complete'] as const).find((known) => known === session.status) ?? 'expired',
          clientSecret: session.ui_mode === EMBEDDED_UI_MODE ? session.client_secret : null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return null;
        throw error;
      }
    },
  };
}
