/**
 * The withdrawal function's page (docs/product.md#withdrawal), in English at `/withdraw` and in
 * Italian at `/withdraw/it`: what can be withdrawn from, then the form.
 */
import type { WithdrawalLanguage } from '@aba-shop/contract';
import { WithdrawalConfirmation } from './withdrawal-confirmation';
import { WithdrawalForm } from './withdrawal-form';
import { WITHDRAW_TEXTS } from './withdraw-texts';

export function WithdrawalPage({
  language,
  initialReference,
}: {
  language: WithdrawalLanguage;
  initialReference?: string | undefined;
}) {
  const texts = WITHDRAW_TEXTS[language];
  return (
    <main lang={language} className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{texts.label}</h1>
      <p className="text-slate-800">{texts.intro}</p>
      <p className="text-sm text-slate-700">{texts.ebooks}</p>
      <WithdrawalForm language={language} initialReference={initialReference ?? ''} />
    </main>
  );
}

/**
 * The page of the link e-mailed for a withdrawal asked signed out, at `/withdraw/confirm` and
 * `/withdraw/it/confirm`.
 */
export function WithdrawalConfirmationPage({ language }: { language: WithdrawalLanguage }) {
  return (
    <main lang={language} className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        {WITHDRAW_TEXTS[language].confirmLinkHeading}
      </h1>
      <WithdrawalConfirmation language={language} />
    </main>
  );
}
