/**
 * The membership's whole life (docs/product.md#the-membership): the payment provider's word on
 * each subscription (renewed, payment failed, cancelled) kept on the subscription record, the
 * member's way to manage it, and the test checkout's stand-in for Stripe's customer portal.
 * Why the provider's events are kept so:
 * docs/adr/0018-checkout-consent-charges-and-membership-life.md.
 */
import { enqueueMail, membershipPaymentFailedMail } from '../mail/service.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  NotSignedInError,
} from '../../domain-errors.ts';
import type { Config } from '../../config.ts';
import { signToken, verifyToken } from '../../signed-token.ts';
import { stripeIdOf, type PaymentProvider } from '../checkout/service.ts';
import { z } from 'zod';
import {
  applyMembershipState,
  findMembership,
  selectRecordsWithMembership,
  type MembershipUpdate,
  type RecordWithMembershipRow,
} from './repository.ts';
import {
  invoiceObjectSchema,
  subscriptionObjectSchema,
  type MembershipState,
  type MembershipStatus,
  type SubscriptionObject,
} from '@aba-shop/contract';

// What other modules use of the memberships' records: fulfilment records the membership a
// paid session started; orders and subscriptions list records with their membership's state.
export {
  applyMembershipState,
  selectRecordsWithMembership,
  type MembershipUpdate,
} from './repository.ts';

export interface MembershipsDependencies {
  db: Kysely<Database>;
  config: Config;
  provider: PaymentProvider;
}

/** The membership events the webhook hands over. */
export const MEMBERSHIP_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const isoOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Stripe's many subscription statuses, in the three the shop shows. */
export function statusOfStripeSubscription(status: string): MembershipStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'past_due';
}

/** What the provider's subscription object of a paid session says, if it is one. */
export function updateOfProviderSubscription(subscription: unknown): MembershipUpdate | null {
  const parsed = subscriptionObjectSchema.safeParse(subscription);
  return parsed.success ? updateOfStripeSubscription(parsed.data) : null;
}

/** What a Stripe subscription object says of its membership. */
export function updateOfStripeSubscription(subscription: SubscriptionObject): MembershipUpdate {
  const periodEnd =
    subscription.items?.data[0]?.current_period_end ?? subscription.current_period_end;
  return {
    subscriptionId: subscription.id,
    status: statusOfStripeSubscription(subscription.status),
    customerId: stripeIdOf(subscription.customer),
    ...(periodEnd !== undefined ? { currentPeriodEnd: isoOfSeconds(periodEnd) } : {}),
    ...(subscription.cancel_at_period_end !== undefined
      ? { cancelAtPeriodEnd: subscription.cancel_at_period_end }
      : {}),
  };
}

const malformed = (reason: string) => new InvalidInputError(`Malformed Stripe event: ${reason}`);

/**
 * A subscription or invoice event, already checked and not seen before: its word on the
 * membership is kept unless the shop holds a newer one. An invoice of no subscription is left
 * alone.
 */
export async function receiveMembershipEvent(
  { db, config }: Pick<MembershipsDependencies, 'db' | 'config'>,
  event: { type: string; created: number; object: unknown },
): Promise<void> {
  if (event.type.startsWith('customer.subscription.')) {
    const parsed = subscriptionObjectSchema.safeParse(event.object);
    if (!parsed.success) throw malformed('data.object is not a subscription');
    const update = updateOfStripeSubscription(parsed.data);
    if (event.type === 'customer.subscription.deleted') update.status = 'canceled';
    await applyMembershipState(db, update, event.created);
    return;
  }
  const parsed = invoiceObjectSchema.safeParse(event.object);
  if (!parsed.success) throw malformed('data.object is not an invoice');
  const invoice = parsed.data;
  const subscriptionId = stripeIdOf(
    invoice.parent?.subscription_details?.subscription ?? invoice.subscription,
  );
  if (!subscriptionId) return;
  const periodEnd = Math.max(
    0,
    ...(invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0),
  );
  await applyMembershipState(
    db,
    event.type === 'invoice.paid'
      ? {
          subscriptionId,
          status: 'active',
          ...(periodEnd > 0 ? { currentPeriodEnd: isoOfSeconds(periodEnd) } : {}),
        }
      : { subscriptionId, status: 'past_due' },
    event.created,
  );
  if (event.type === 'invoice.payment_failed')
    await mailPaymentFailed({ db, config }, subscriptionId, invoice.id ?? String(event.created));
}

/**
 * A renewal that failed (docs/product.md#keeping-in-touch): one friendly message per invoice,
 * however many times the provider retries it, to the address of the membership's record.
 */
async function mailPaymentFailed(
  { db, config }: Pick<MembershipsDependencies, 'db' | 'config'>,
  subscriptionId: string,
  invoiceId: string,
) {
  const record = await selectRecordsWithMembership(db)
    .where('r.subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  if (!record) return;
  await enqueueMail(db, {
    to: record.email,
    dedupeKey: `membership-payment-failed:${invoiceId}`,
    ...membershipPaymentFailedMail({
      accountUrl: accountPageUrl(config),
      supportEmail: config.SUPPORT_EMAIL,
    }),
  });
}

/**
 * The membership as a member sees it. A member who cancelled keeps it until the period paid
 * for ends; from then on it is cancelled, whether or not the provider has said so yet.
 */
export function membershipStateOf(
  row: Pick<RecordWithMembershipRow, 'status' | 'current_period_end' | 'cancel_at_period_end'>,
  now = Date.now(),
): MembershipState {
  const cancelAtPeriodEnd = Boolean(row.cancel_at_period_end);
  const ended =
    cancelAtPeriodEnd &&
    row.current_period_end !== null &&
    Date.parse(row.current_period_end) <= now;
  return {
    // A record made by hand names no subscription: the administrator vouches for it.
    status: ended ? 'canceled' : (row.status ?? 'active'),
    currentPeriodEnd: row.current_period_end ?? null,
    cancelAtPeriodEnd,
  };
}

/** A subscription record as the API answers it: its fields and its membership's state. */
export function toSubscriptionRecord(row: RecordWithMembershipRow, now = Date.now()) {
  return {
    id: row.id,
    user_id: row.user_id,
    email: row.email,
    session_id: row.session_id,
    created_at: row.created_at,
    ...membershipStateOf(row, now),
  };
}

/** Where the member comes back to from managing their membership. */
export const accountPageUrl = (config: Pick<Config, 'STOREFRONT_URL'>) =>
  new URL('/account', config.STOREFRONT_URL).toString();

const NO_MEMBERSHIP = 'No membership was found for this account';

/**
 * Where a signed-in member manages their membership: Stripe's customer portal, or with the test
 * checkout the shop's own page. Their newest membership that has not ended is the one managed.
 */
export async function openMembershipPortal(
  deps: MembershipsDependencies,
  member: { email: string } | null,
): Promise<{ url: string }> {
  if (!member) throw new NotSignedInError('Not signed in');
  const rows = await selectRecordsWithMembership(deps.db)
    .where('r.email', '=', member.email.toLowerCase())
    .where('r.subscription_id', 'is not', null)
    .orderBy('r.created_at', 'desc')
    .execute();
  const current = rows.find((row) => membershipStateOf(row).status !== 'canceled');
  if (!current?.subscription_id) throw new NotFoundError(NO_MEMBERSHIP);
  const url = await deps.provider.createPortalSession({
    subscriptionId: current.subscription_id,
    customerId: current.customer_id ?? null,
    returnUrl: accountPageUrl(deps.config),
  });
  return { url };
}

/** The test checkout's portal links last an hour, like a Stripe portal session. */
const PORTAL_LINK_SECONDS = 3600;
const portalTokenSchema = z.object({
  p: z.literal('membership-portal'),
  s: z.string().min(1).max(255),
  x: z.number().int().positive(),
});

/** The test checkout's signed portal link for one subscription. */
export function localPortalUrl(config: Config, subscriptionId: string, now = Date.now()): string {
  const token = signToken(
    {
      p: 'membership-portal',
      s: subscriptionId,
      x: Math.floor(now / 1000) + PORTAL_LINK_SECONDS,
    },
    config.DOWNLOAD_SIGNING_SECRET,
  );
  return new URL(`/api/membership/local/${token}`, config.STOREFRONT_URL).toString();
}

const PORTAL_LINK_INVALID =
  'This membership link is not valid or has expired. Open it again from your account page.';

export interface LocalPortalView extends MembershipState {
  subscriptionId: string;
  accountUrl: string;
}

/** What the test checkout's portal page shows for a signed link. */
export async function showLocalPortal(
  { db, config }: MembershipsDependencies,
  token: string,
): Promise<LocalPortalView> {
  const grant = verifyToken(token, config.DOWNLOAD_SIGNING_SECRET, portalTokenSchema);
  if (!grant || grant.x <= Math.floor(Date.now() / 1000)) {
    throw new NotFoundError(PORTAL_LINK_INVALID);
  }
  const membership = await findMembership(db, grant.s);
  if (!membership) throw new NotFoundError(PORTAL_LINK_INVALID);
  return {
    subscriptionId: grant.s,
    accountUrl: accountPageUrl(config),
    ...membershipStateOf(membership),
  };
}

/**
 * The test checkout's portal: cancel at the period's end, or keep the membership after all.
 * Said now, so it outranks every earlier word.
 */
export async function setLocalCancelAtPeriodEnd(
  deps: MembershipsDependencies,
  token: string,
  cancel: boolean,
): Promise<LocalPortalView> {
  const view = await showLocalPortal(deps, token);
  if (view.status === 'canceled') throw new ConflictError('This membership has already ended');
  await applyMembershipState(
    deps.db,
    { subscriptionId: view.subscriptionId, status: view.status, cancelAtPeriodEnd: cancel },
    Math.floor(Date.now() / 1000),
  );
  return showLocalPortal(deps, token);
}

// What a buyer's erasure and the retention sweep ask of this module (docs/product.md#your-data).
export { deleteMembershipStates } from './repository.ts';
