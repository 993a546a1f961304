'use client';
/**
 * The withdrawal function (docs/product.md#withdrawal): the consumer names the contract (signed
 * in, one of their memberships; otherwise the e-mail address and order reference of the
 * purchase), sees it, confirms it with 'Confirm withdrawal', and reads the acknowledgement with
 * the date and time the shop received it, and the refund made or, while the payment provider
 * cannot make it, to follow. Each step's heading takes the focus.
 */
import Link from 'next/link';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import type {
  WithdrawableContract,
  WithdrawalContractBody,
  WithdrawalLanguage,
  WithdrawalReceipt,
} from '@aba-shop/contract';
import { readOrderReference } from '@aba-shop/contract/order-number';
import { formatPrice } from '@aba-shop/service-kit/money';
import { CommerceError } from '@/lib/commerce/client';
import {
  confirmWithdrawal,
  fetchMyWithdrawalContracts,
  previewWithdrawal,
  refusalOf,
} from '@/lib/commerce/api/withdrawals';
import { dateTimeUtc } from '@aba-shop/service-kit/date-time';
import { WITHDRAW_PATH, WITHDRAW_TEXTS } from './withdraw-texts';
import { WithdrawalReceiptView } from './withdrawal-receipt';

type Step =
  | { name: 'identify' }
  | { name: 'confirm'; contract: WithdrawableContract; named: WithdrawalContractBody }
  | { name: 'done'; receipt: WithdrawalReceipt };

const BUTTON =
  'rounded-lg px-5 py-3 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60';
const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700';

/** What the page says of a failed call, in its language. */
function failureText(error: unknown, language: WithdrawalLanguage): string {
  const texts = WITHDRAW_TEXTS[language];
  const refusal = refusalOf(error);
  if (refusal) return texts.refusal[refusal.reason](refusal.at);
  if (error instanceof CommerceError) {
    if (error.kind === 'no-answer') return texts.unreachable;
    if (error.kind === 'refused' && error.serverMessage) return error.serverMessage;
  }
  return texts.failed;
}

export function WithdrawalForm({
  language,
  initialReference = '',
}: {
  language: WithdrawalLanguage;
  initialReference?: string;
}) {
  const texts = WITHDRAW_TEXTS[language];
  const ids = useId();
  const { data: mine, isLoading } = useSWR(
    '/api/withdrawals/contracts',
    fetchMyWithdrawalContracts,
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
  const [step, setStep] = useState<Step>({ name: 'identify' });
  const [email, setEmail] = useState('');
  const [reference, setReference] = useState(initialReference);
  const [chosen, setChosen] = useState(initialReference);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const money = (cents: number, currency: string) => formatPrice(cents, currency);

  useEffect(() => {
    if (step.name !== 'identify') headingRef.current?.focus();
  }, [step.name]);

  const contracts = mine?.contracts ?? [];
  const pickFromAccount = contracts.length > 0;

  async function identify(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let named: WithdrawalContractBody;
    if (pickFromAccount) {
      if (!chosen) return setError(texts.needChoice);
      named = { orderReference: chosen, language };
    } else {
      if (!email.trim()) return setError(texts.needEmail);
      if (!readOrderReference(reference)) return setError(texts.needReference);
      named = { orderReference: reference.trim(), email: email.trim(), language };
    }
    setBusy(true);
    try {
      setStep({ name: 'confirm', contract: await previewWithdrawal(named), named });
    } catch (failure) {
      setError(failureText(failure, language));
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (step.name !== 'confirm') return;
    setError(null);
    setBusy(true);
    try {
      setStep({ name: 'done', receipt: await confirmWithdrawal(step.named) });
    } catch (failure) {
      setError(failureText(failure, language));
    } finally {
      setBusy(false);
    }
  }

  const alert = error ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {error}
    </p>
  ) : null;

  if (step.name === 'done') {
    return (
      <WithdrawalReceiptView receipt={step.receipt} language={language} headingRef={headingRef} />
    );
  }

  if (step.name === 'confirm') {
    const { contract } = step;
    return (
      <section aria-labelledby={`${ids}-confirm`} className="space-y-4">
        <h2
          id={`${ids}-confirm`}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold outline-none"
        >
          {texts.confirmHeading}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl border border-slate-200 p-4 text-sm [overflow-wrap:anywhere]">
          <dt className="font-semibold">{texts.contract}</dt>
          <dd>{contract.productName}</dd>
          <dt className="font-semibold">{texts.orderReference}</dt>
          <dd>{contract.orderReference}</dd>
          <dt className="font-semibold">{texts.boughtOn}</dt>
          <dd>{dateTimeUtc(contract.startedAt, language)}</dd>
          <dt className="font-semibold">{texts.until}</dt>
          <dd>{dateTimeUtc(contract.withdrawableUntil, language)}</dd>
          <dt className="font-semibold">{texts.refund}</dt>
          <dd>{money(contract.amountTotal, contract.currency)}</dd>
        </dl>
        <p>
          {(pickFromAccount ? texts.confirmNote : texts.confirmNoteByMail)(
            money(contract.amountTotal, contract.currency),
          )}
        </p>
        {alert}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy}
            aria-busy={busy}
            className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}
          >
            {busy ? texts.confirming : texts.confirm}
          </button>
          <button
            type="button"
            onClick={() => {
              setError(null);
              setStep({ name: 'identify' });
            }}
            disabled={busy}
            className={`${BUTTON} border border-slate-400 text-slate-800 hover:bg-slate-50`}
          >
            {texts.back}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form
      onSubmit={(event) => void identify(event)}
      noValidate
      className="space-y-5"
      aria-busy={isLoading}
    >
      {pickFromAccount ? (
        <fieldset className="space-y-3">
          <legend className="text-lg font-semibold">{texts.yourMemberships}</legend>
          {contracts.every((contract) => !contract.withdrawable) ? (
            <p className="text-sm text-slate-700">{texts.noneWithdrawable}</p>
          ) : null}
          {contracts.map((contract) => (
            <label
              key={contract.orderReference}
              className="flex items-start gap-3 rounded-lg border border-slate-300 p-3 [overflow-wrap:anywhere]"
            >
              <input
                type="radio"
                name="contract"
                value={contract.orderReference}
                checked={chosen === contract.orderReference}
                disabled={!contract.withdrawable}
                onChange={() => setChosen(contract.orderReference)}
                className="mt-1 h-5 w-5"
              />
              <span>
                {texts.membershipChoice(
                  contract.productName,
                  dateTimeUtc(contract.startedAt, language),
                  contract.orderReference,
                )}
                {contract.withdrawable ? null : (
                  <span className="block text-sm text-slate-700">
                    {contract.withdrawnAt
                      ? texts.withdrawnOn(dateTimeUtc(contract.withdrawnAt, language))
                      : texts.periodEndedOn(dateTimeUtc(contract.withdrawableUntil, language))}
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          {mine === null ? (
            <p className="text-sm text-slate-700">
              {texts.signInHint}{' '}
              <Link
                href={`/login?redirect=${encodeURIComponent(language === 'it' ? `${WITHDRAW_PATH}/it` : WITHDRAW_PATH)}`}
                className="font-semibold text-emerald-800 underline"
              >
                {texts.signIn}
              </Link>
            </p>
          ) : null}
          <div>
            <label htmlFor={`${ids}-email`} className="font-semibold">
              {texts.email}
            </label>
            <input
              id={`${ids}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-describedby={`${ids}-email-hint`}
              className={INPUT}
            />
            <p id={`${ids}-email-hint`} className="mt-1 text-sm text-slate-700">
              {texts.emailHint}
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-reference`} className="font-semibold">
              {texts.reference}
            </label>
            <input
              id={`${ids}-reference`}
              type="text"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
              aria-describedby={`${ids}-reference-hint`}
              className={INPUT}
            />
            <p id={`${ids}-reference-hint`} className="mt-1 text-sm text-slate-700">
              {texts.referenceHint}
            </p>
          </div>
        </>
      )}
      {alert}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className={`${BUTTON} bg-emerald-700 text-white hover:bg-emerald-800`}
      >
        {busy ? texts.checking : texts.continue}
      </button>
    </form>
  );
}
