/**
 * The acknowledgement a withdrawal's page shows (docs/product.md#withdrawal): the date and time
 * the shop received it, the contract, and what follows: the refund made or on its way, or, for
 * one asked signed out, the confirmation from the order's mailbox it waits for. Its heading
 * takes the focus.
 */
import { useId, type RefObject } from 'react';
import type { WithdrawalLanguage, WithdrawalReceipt } from '@aba-shop/contract';
import { dateTimeUtc } from '@aba-shop/service-kit/date-time';
import { formatPrice } from '@aba-shop/service-kit/money';
import { WITHDRAW_TEXTS } from './withdraw-texts';

export function WithdrawalReceiptView({
  receipt,
  language,
  headingRef,
}: {
  receipt: WithdrawalReceipt;
  language: WithdrawalLanguage;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const texts = WITHDRAW_TEXTS[language];
  const id = useId();
  const amount = formatPrice(receipt.amountRefunded, receipt.currency);
  const waiting = receipt.outcome === 'unconfirmed';
  return (
    <section
      aria-labelledby={id}
      className={`space-y-3 rounded-2xl border p-5 ${waiting ? 'border-amber-300 bg-amber-50' : 'border-emerald-300 bg-emerald-50'}`}
    >
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className={`text-2xl font-bold outline-none ${waiting ? 'text-amber-950' : 'text-emerald-900'}`}
      >
        {waiting ? texts.unconfirmedHeading : texts.doneHeading}
      </h2>
      <p className="font-semibold">{texts.received(dateTimeUtc(receipt.receivedAt, language))}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="font-semibold">{texts.contract}</dt>
        <dd>{receipt.productName}</dd>
        <dt className="font-semibold">{texts.orderReference}</dt>
        <dd>{receipt.orderReference}</dd>
      </dl>
      {waiting ? (
        <p>{texts.unconfirmed}</p>
      ) : (
        <>
          <p>{(receipt.outcome === 'refunded' ? texts.refunded : texts.refundFollows)(amount)}</p>
          <p>{texts.mailed(receipt.email)}</p>
        </>
      )}
    </section>
  );
}
