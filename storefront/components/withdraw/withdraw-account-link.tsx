/**
 * The account page's way to the withdrawal function, beside each membership
 * (docs/product.md#withdrawal), with the membership's order reference filled in.
 */
import Link from 'next/link';
import { WITHDRAW_PATH, WITHDRAW_TEXTS } from './withdraw-texts';

export function WithdrawAccountLink({ orderReference }: { orderReference: string }) {
  // A record made by hand in the admin area names no checkout: there is nothing to refund.
  if (!orderReference.startsWith('cs_')) return null;
  return (
    <Link
      href={`${WITHDRAW_PATH}?orderReference=${encodeURIComponent(orderReference)}`}
      className="font-semibold text-emerald-800 underline"
    >
      {WITHDRAW_TEXTS.en.label}
    </Link>
  );
}
