/**
 * The account page's way to the withdrawal function, beside each membership
 * (docs/product.md#withdrawal), with the membership's order number filled in.
 */
import Link from 'next/link';
import { WITHDRAW_PATH, WITHDRAW_TEXTS } from './withdraw-texts';

export function WithdrawAccountLink({ orderNumber }: { orderNumber: string | null }) {
  // A record made by hand in the admin area has no order: there is nothing to refund.
  if (!orderNumber) return null;
  return (
    <Link
      href={`${WITHDRAW_PATH}?orderReference=${encodeURIComponent(orderNumber)}`}
      className="font-semibold text-emerald-800 underline"
    >
      {WITHDRAW_TEXTS.en.label}
    </Link>
  );
}
