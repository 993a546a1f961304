/**
 * What an order's page says once its reference no longer opens the order
 * (docs/product.md#order-reference): where the links are, and a way to have fresh ones sent.
 */
import Link from 'next/link';
import { ORDER_PAGE_OPEN_MINUTES } from '@aba-shop/contract/constants';
import { EmailMyLinksForm } from '@/components/thank-you/email-my-links-form';

const WINDOW_TEXT =
  ORDER_PAGE_OPEN_MINUTES === 60
    ? 'the first hour'
    : `the first ${ORDER_PAGE_OPEN_MINUTES} minutes`;

export const ORDER_PAGE_EXPIRED_TEXT = `For your security, an order's page shows its downloads only in ${WINDOW_TEXT} after payment.`;

export function OrderPageExpired({ buttonClass }: { buttonClass: string }) {
  return (
    <div className="text-left">
      <p className="rounded-lg bg-slate-50 p-3 text-slate-800">
        {ORDER_PAGE_EXPIRED_TEXT} Your links are in the confirmation e-mail, and on{' '}
        <Link href="/account" className="font-semibold underline">
          your account page
        </Link>{' '}
        once you log in with the e-mail address of the purchase.
      </p>
      <EmailMyLinksForm buttonClass={buttonClass} />
    </div>
  );
}
