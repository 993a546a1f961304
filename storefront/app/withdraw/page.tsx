import type { Metadata } from 'next';
import { WithdrawalPage } from '@/components/withdraw/withdrawal-page';

export const metadata: Metadata = {
  title: 'Withdraw from contract here',
  robots: { index: false },
};

/** `?orderReference=ABA-…` names the contract, as the account page's link does. */
export default async function WithdrawPage({
  searchParams,
}: {
  searchParams: Promise<{ orderReference?: string | string[] }>;
}) {
  const { orderReference } = await searchParams;
  return (
    <WithdrawalPage
      language="en"
      initialReference={typeof orderReference === 'string' ? orderReference : undefined}
    />
  );
}
