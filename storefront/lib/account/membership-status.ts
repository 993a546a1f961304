/**
 * What the account page says of a membership (docs/product.md#the-membership), and whether the
 * member can still manage it.
 */
import type { MembershipState } from '@aba-shop/contract';
import { formatLongDate } from '@/lib/format/long-date';

export function membershipStatusText(membership: MembershipState & { created_at: string }): string {
  const since = `since ${formatLongDate(membership.created_at)}`;
  const periodEnd = membership.currentPeriodEnd
    ? formatLongDate(membership.currentPeriodEnd)
    : null;
  if (membership.status === 'canceled') return `Ended (member ${since})`;
  if (membership.status === 'past_due')
    return 'Your last payment failed: choose Manage membership to update your payment details.';
  if (membership.cancelAtPeriodEnd)
    return periodEnd
      ? `Cancelled: active until ${periodEnd}, then it ends`
      : 'Cancelled: active until the end of the period paid for';
  return periodEnd ? `Active ${since} · renews on ${periodEnd}` : `Active ${since}`;
}

/** A membership that has ended has nothing left to manage. */
export const canManageMembership = (membership: MembershipState) =>
  membership.status !== 'canceled';
