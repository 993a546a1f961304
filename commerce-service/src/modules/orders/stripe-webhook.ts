/**
 * Stripe's webhook: a call is checked against Stripe's signature, then each event is handled
 * once, and recorded only once handled, so that Stripe retries a crash. Why payments and
 * refunds are handled so: docs/adr/0005-payments-fulfilment-and-downloads.md; the membership's
 * events: docs/adr/0018-checkout-consent-charges-and-membership-life.md.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  UnavailableError,
} from '../../domain-errors.ts';
import { DISPUTE_EVENTS, receiveDisputeEvent } from '../disputes/service.ts';
import { MEMBERSHIP_EVENTS, receiveMembershipEvent } from '../memberships/service.ts';
import { hasWebhookEvent, recordWebhookEventOnce } from './repository.ts';
import { recordProviderRefund } from './refunds.ts';
import { ensureFulfilled, type OrdersDependencies } from './service.ts';
import { scheduleCheckoutReminder } from '../scheduled-messages/service.ts';
import {
  chargeEventSchema,
  checkoutSessionEventSchema,
  stripeEventSchema,
} from '@aba-shop/contract';

/** What a session's expiry says that its reminder needs (docs/product.md#keeping-in-touch). */
const expiredSessionSchema = z.looseObject({
  id: z.string().min(1).max(255),
  customer_details: z.looseObject({ email: z.string().nullish() }).nullish(),
  customer_email: z.string().nullish(),
  consent: z.looseObject({ promotions: z.string().nullish() }).nullish(),
  after_expiration: z
    .looseObject({ recovery: z.looseObject({ url: z.string().nullish() }).nullish() })
    .nullish(),
});

/**
 * A Stripe session left unpaid until it expired: its one reminder, when the shop sends them and
 * the buyer gave an e-mail and agreed to promotional e-mails, with Stripe's recovery address.
 */
async function remindOfExpiredSession(
  { db, config }: OrdersDependencies,
  session: z.infer<typeof expiredSessionSchema>,
) {
  const minutes = config.CHECKOUT_RECOVERY_MINUTES;
  const email = session.customer_details?.email ?? session.customer_email;
  const recoveryUrl = session.after_expiration?.recovery?.url;
  if (!minutes || !email || !recoveryUrl || session.consent?.promotions !== 'opt_in') return;
  if (!z.email().safeParse(email).success || !z.url().safeParse(recoveryUrl).success) return;
  await scheduleCheckoutReminder(db, {
    sessionId: session.id,
    email,
    afterMinutes: minutes,
    recoveryUrl,
  });
}

/** A signed event of a shape this shop does not understand: refused, so Stripe reports it. */
const malformed = (reason: string) => new InvalidInputError(`Malformed Stripe event: ${reason}`);

/**
 * A call of Stripe's webhook, as the exact bytes Stripe signed: checked, then handled once.
 * A checkout paid is fulfilled; a charge refunded in full revokes the order's downloads (one
 * refunded in part, a line from the console, does not); a dispute is kept on its order, and a
 * lost one revokes it; a subscription's or invoice's word updates the membership; any other event is acknowledged
 * and left alone.
 */
export async function receiveStripeEvent(
  deps: OrdersDependencies,
  call: { payload: Buffer; signature: string },
  log: FastifyBaseLogger,
): Promise<{ received: true; duplicate?: true }> {
  const { db, config, provider } = deps;
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new UnavailableError('STRIPE_WEBHOOK_SECRET is not configured');
  let signed: unknown;
  try {
    signed = provider.verifyWebhookEvent(call.payload, call.signature, secret);
  } catch {
    throw new InvalidInputError('Invalid Stripe signature');
  }
  const parsed = stripeEventSchema.safeParse(signed);
  if (!parsed.success) throw malformed('it needs an id, a type and data.object');
  const event = parsed.data;
  if (await hasWebhookEvent(db, event.id)) return { received: true, duplicate: true };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = checkoutSessionEventSchema.safeParse(event.data.object);
      if (!session.success) throw malformed('data.object has no checkout session id');
      try {
        await ensureFulfilled(deps, session.data.id);
      } catch (error) {
        // Not paid yet (an async payment): Stripe sends async_payment_succeeded later.
        if (!(error instanceof NotFoundError || error instanceof ConflictError)) throw error;
        log.info(
          { sessionId: session.data.id, reason: error.message },
          'checkout not fulfilled yet',
        );
      }
      break;
    }
    case 'checkout.session.expired': {
      const session = expiredSessionSchema.safeParse(event.data.object);
      if (!session.success) throw malformed('data.object is not a checkout session');
      await remindOfExpiredSession(deps, session.data);
      break;
    }
    case 'charge.refunded': {
      const parsedCharge = chargeEventSchema.safeParse(event.data.object);
      if (!parsedCharge.success) throw malformed('data.object is not a charge');
      const charge = parsedCharge.data;
      const paymentIntent =
        typeof charge.payment_intent === 'string'
          ? charge.payment_intent
          : charge.payment_intent?.id;
      if (charge.refunded && paymentIntent) {
        const revoked = await recordProviderRefund(deps, {
          paymentIntentId: paymentIntent,
          reason: 'stripe',
        });
        log.info({ paymentIntent, revoked }, 'refund revoked downloads');
      }
      break;
    }
    default:
      if (DISPUTE_EVENTS.has(event.type)) {
        const disputed = await receiveDisputeEvent(
          deps,
          { type: event.type, object: event.data.object },
          log,
        );
        // A lost dispute took the money back: the files stop, as after a refund.
        if (disputed?.lost) {
          const revoked = await recordProviderRefund(deps, {
            paymentIntentId: disputed.paymentIntentId,
            reason: 'dispute',
          });
          log.info({ orderId: disputed.orderId, revoked }, 'lost dispute revoked downloads');
        }
      } else if (MEMBERSHIP_EVENTS.has(event.type)) {
        await receiveMembershipEvent(deps, {
          type: event.type,
          created: event.created ?? Math.floor(Date.now() / 1000),
          object: event.data.object,
        });
      }
      break;
  }
  // Recorded only once handled, so a crash before this point is retried by Stripe.
  await recordWebhookEventOnce(db, event.id, event.type);
  return { received: true };
}
