import type { Metadata } from 'next';
import { WithdrawalConfirmationPage } from '@/components/withdraw/withdrawal-page';

export const metadata: Metadata = {
  title: 'Confirm your withdrawal',
  robots: { index: false },
  // Reached from an e-mail: it passes no address on to anyone.
  referrer: 'no-referrer',
};

/** The link e-mailed for a withdrawal asked signed out (docs/product.md#withdrawal). */
export default function WithdrawalConfirmPage() {
  return <WithdrawalConfirmationPage language="en" />;
}
