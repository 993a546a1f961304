import type { Metadata } from 'next';
import { WithdrawalPage } from '@/components/withdraw/withdrawal-page';

export const metadata: Metadata = {
  title: 'Recedi dal contratto qui',
  robots: { index: false },
};

/** The Italian withdrawal function, linked from the Italian pages' footer. */
export default async function WithdrawItalianPage({
  searchParams,
}: {
  searchParams: Promise<{ orderReference?: string | string[] }>;
}) {
  const { orderReference } = await searchParams;
  return (
    <WithdrawalPage
      language="it"
      initialReference={typeof orderReference === 'string' ? orderReference : undefined}
    />
  );
}
