'use client';
/**
 * The footer's way to the withdrawal function (docs/product.md#withdrawal), on every page: 'Withdraw
 * from contract here', or on an Italian page 'Recedi dal contratto qui' to the Italian function.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { isItalianPage, WITHDRAW_PATH, WITHDRAW_TEXTS } from './withdraw-texts';

export function WithdrawFooterLink({ className }: { className?: string }) {
  const italian = isItalianPage(usePathname() ?? '/');
  return (
    <Link
      href={italian ? `${WITHDRAW_PATH}/it` : WITHDRAW_PATH}
      lang={italian ? 'it' : 'en'}
      className={className}
    >
      {WITHDRAW_TEXTS[italian ? 'it' : 'en'].label}
    </Link>
  );
}
