/**
 * A subscription record's membership status as the admin page shows it, in Italian
 * (docs/product.md#the-membership): what support needs to answer "please cancel my membership".
 */
import type { MembershipState } from '@aba-shop/contract';

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

export function recordStatusText(record: MembershipState): string {
  if (record.status === 'canceled') return 'Annullato';
  if (record.status === 'past_due') return 'Pagamento non riuscito';
  if (record.cancelAtPeriodEnd) {
    return record.currentPeriodEnd
      ? `Attivo fino al ${dayOf(record.currentPeriodEnd)}, poi annullato`
      : 'Attivo, annullato a fine periodo';
  }
  return record.currentPeriodEnd
    ? `Attivo, rinnovo il ${dayOf(record.currentPeriodEnd)}`
    : 'Attivo';
}
