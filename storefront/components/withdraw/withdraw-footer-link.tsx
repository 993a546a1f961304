'use client';
/**
 * The footer's way to the withdrawal function (docs/product.md#withdrawal), on every page: 'Withdraw
 * from contract here', or on an Italian page 'Recedi dal contratto qui' to the Italian function.
 */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { pageLanguage } from '@aba-shop/contract/page-language';
import { WITHDRAW_PATH, WITHDRAW_TEXTS } from './withdraw-texts';

export function WithdrawFooterLink({ className }: { className?: string }) {
  const language = pageLanguage(usePathname() ?? '/');
  return (
    <Link
      href={language === 'it' ? `${WITHDRAW_PATH}/it` : WITHDRAW_PATH}
      lang={language}
      className={className}
    >
      {WITHDRAW_TEXTS[language].label}
    </Link>
  );
}
