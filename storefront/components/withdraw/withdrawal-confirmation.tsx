'use client';
/**
 * `/withdraw/confirm#<token>` and `/withdraw/it/confirm#<token>` (docs/product.md#withdrawal):
 * the single-use link e-mailed to the order's address for a withdrawal asked signed out. The
 * token leaves the address bar at once; the withdrawal it names takes effect, as received when
 * it was asked, and the page shows the acknowledgement, or why it could not.
 */
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import type { WithdrawalLanguage, WithdrawalReceipt } from '@aba-shop/contract';
import { confirmWithdrawalByLink, refusalOf } from '@/lib/commerce/api/withdrawals';
import { CommerceError } from '@/lib/commerce/client';
import { takeFragmentToken } from '@/lib/security/fragment-token';
import { WITHDRAW_PATH, WITHDRAW_TEXTS } from './withdraw-texts';
import { WithdrawalReceiptView } from './withdrawal-receipt';

type State =
  | { kind: 'confirming' }
  | { kind: 'done'; receipt: WithdrawalReceipt }
  | { kind: 'failed'; message: string };

/** The page was opened without a link's token. */
class NoLink extends Error {}

export function WithdrawalConfirmation({ language }: { language: WithdrawalLanguage }) {
  const texts = WITHDRAW_TEXTS[language];
  const [state, setState] = useState<State>({ kind: 'confirming' });
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = takeFragmentToken();
    const confirmation = token ? confirmWithdrawalByLink(token) : Promise.reject(new NoLink());
    confirmation
      .then((receipt) => setState({ kind: 'done', receipt }))
      .catch((error: unknown) => {
        const refusal = refusalOf(error);
        setState({
          kind: 'failed',
          message:
            error instanceof NoLink
              ? texts.noLink
              : refusal
                ? texts.refusal[refusal.reason](refusal.at)
                : error instanceof CommerceError && error.kind === 'no-answer'
                  ? texts.unreachable
                  : error instanceof CommerceError && error.serverMessage
                    ? error.serverMessage
                    : texts.failed,
        });
      });
  }, [texts]);

  useEffect(() => {
    if (state.kind === 'done') headingRef.current?.focus();
  }, [state.kind]);

  if (state.kind === 'confirming') return <p role="status">{texts.confirmingLink}</p>;
  if (state.kind === 'done')
    return (
      <WithdrawalReceiptView receipt={state.receipt} language={language} headingRef={headingRef} />
    );
  return (
    <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-5">
      <p role="alert" className="font-semibold">
        {state.message}
      </p>
      <p>
        <Link
          href={language === 'it' ? `${WITHDRAW_PATH}/it` : WITHDRAW_PATH}
          className="font-semibold text-emerald-800 underline"
        >
          {texts.label}
        </Link>
      </p>
    </div>
  );
}
