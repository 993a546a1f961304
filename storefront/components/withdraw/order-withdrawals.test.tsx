import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { AdminWithdrawal } from '@aba-shop/contract';
import { fetchOrderWithdrawals } from '@/lib/commerce/api/withdrawals';
import { OrderWithdrawals } from './order-withdrawals';

jest.mock('@/lib/commerce/api/withdrawals', () => ({
  ...jest.requireActual('@/lib/commerce/api/withdrawals'),
  fetchOrderWithdrawals: jest.fn(),
}));

const withdrawals = jest.mocked(fetchOrderWithdrawals);

const WITHDRAWAL: AdminWithdrawal = {
  withdrawalId: 'wdr_1',
  orderId: 'ord_1',
  orderReference: 'cs_test_1',
  productName: 'ABA Parent Support Membership',
  email: 'member@example.com',
  receivedAt: '2026-11-27T20:15:00.000Z',
  outcome: 'refunded',
  amountRefunded: 999,
  currency: 'usd',
  channel: 'reference',
  language: 'en',
  refundId: 're_123',
  refundAttemptedAt: '2026-11-27T20:15:01.000Z',
  refundError: null,
};

function renderSection() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <OrderWithdrawals orderId="ord_1" />
    </SWRConfig>,
  );
}

describe("an order's withdrawal in the support console", () => {
  it('shows a refund made with its Stripe refund', async () => {
    withdrawals.mockResolvedValue({ items: [WITHDRAWAL] });
    renderSection();
    expect(await screen.findByRole('heading', { name: 'Recesso' })).toBeInTheDocument();
    expect(screen.getByText('Rimborsato $9.99, abbonamento terminato')).toBeInTheDocument();
    expect(screen.getByText('re_123')).toBeInTheDocument();
  });

  it('shows a refund still pending, with the last attempt and what Stripe answered', async () => {
    withdrawals.mockResolvedValue({
      items: [
        {
          ...WITHDRAWAL,
          outcome: 'refund-pending',
          refundId: null,
          refundError: 'provider unavailable: Stripe is down for maintenance',
        },
      ],
    });
    renderSection();
    expect(
      await screen.findByText('Rimborso in attesa di $9.99, abbonamento terminato'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Non ancora eseguito: il negozio riprova ogni pochi minuti\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Risposta di Stripe: provider unavailable: Stripe is down for maintenance'),
    ).toBeInTheDocument();
  });
});
