import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import {
  confirmWithdrawal,
  fetchMyWithdrawalContracts,
  previewWithdrawal,
} from '@/lib/commerce/api/withdrawals';
import { CommerceError } from '@/lib/commerce/client';
import { WithdrawalForm } from './withdrawal-form';

jest.mock('@/lib/commerce/api/withdrawals', () => ({
  ...jest.requireActual('@/lib/commerce/api/withdrawals'),
  fetchMyWithdrawalContracts: jest.fn(),
  previewWithdrawal: jest.fn(),
  confirmWithdrawal: jest.fn(),
}));

const mine = jest.mocked(fetchMyWithdrawalContracts);
const preview = jest.mocked(previewWithdrawal);
const confirm = jest.mocked(confirmWithdrawal);

const REFERENCE = 'cs_local_abcdefghijklmnopqrstuvwx';
const CONTRACT = {
  orderReference: REFERENCE,
  productName: 'ABA Parent Support Membership',
  startedAt: '2026-11-20T10:00:00.000Z',
  withdrawableUntil: '2026-12-04T10:00:00.000Z',
  amountTotal: 999,
  currency: 'usd',
};

function renderForm(form: ReactNode) {
  const user = userEvent.setup();
  render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{form}</SWRConfig>);
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  mine.mockResolvedValue(null);
});

describe('the withdrawal form', () => {
  it('names the contract by e-mail and order reference, asks for confirmation, then shows when it was received', async () => {
    preview.mockResolvedValue(CONTRACT);
    confirm.mockResolvedValue({
      withdrawalId: 'wdr_1',
      orderReference: REFERENCE,
      productName: CONTRACT.productName,
      email: 'member@example.com',
      receivedAt: '2026-11-27T20:15:00.000Z',
      outcome: 'refunded',
      amountRefunded: 999,
      currency: 'usd',
    });
    const user = renderForm(<WithdrawalForm language="en" />);
    await screen.findByRole('link', { name: 'sign in' });
    await user.type(screen.getByLabelText('E-mail address of your purchase'), 'member@example.com');
    await user.type(screen.getByLabelText('Order reference'), REFERENCE);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(preview).toHaveBeenCalledWith({
      orderReference: REFERENCE,
      email: 'member@example.com',
      language: 'en',
    });
    const heading = await screen.findByRole('heading', { name: 'Confirm your withdrawal' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('4 December 2026 at 10:00 UTC')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByRole('heading', { name: 'Withdrawal received' })).toBeInTheDocument();
    expect(
      screen.getByText('We received your withdrawal on 27 November 2026 at 20:15 UTC.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('We have refunded $9.99 and your membership has ended.'),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'en' as const,
      ['Continue', 'Confirm withdrawal', 'Withdrawal received'],
      'Your membership has ended. We are refunding $9.99 to your original means of payment: the refund follows within 14 days, and you need do nothing more.',
    ],
    [
      'it' as const,
      ['Continua', 'Conferma il recesso', 'Recesso ricevuto'],
      "L'abbonamento è terminato. Ti stiamo rimborsando $9.99 sul mezzo di pagamento originale: il rimborso segue entro 14 giorni e non devi fare altro.",
    ],
  ])(
    'says in %s that the refund follows when the payment provider has not made it yet',
    async (language, [next, confirmName, done], follows) => {
      mine.mockResolvedValue({
        contracts: [{ ...CONTRACT, withdrawable: true, withdrawnAt: null }],
      });
      preview.mockResolvedValue(CONTRACT);
      confirm.mockResolvedValue({
        withdrawalId: 'wdr_2',
        orderReference: REFERENCE,
        productName: CONTRACT.productName,
        email: 'member@example.com',
        receivedAt: '2026-11-27T20:15:00.000Z',
        outcome: 'refund-pending',
        amountRefunded: 999,
        currency: 'usd',
      });
      const user = renderForm(<WithdrawalForm language={language} initialReference={REFERENCE} />);
      await screen.findAllByRole('radio');
      await user.click(screen.getByRole('button', { name: next }));
      await user.click(await screen.findByRole('button', { name: confirmName }));
      expect(await screen.findByRole('heading', { name: done })).toBeInTheDocument();
      expect(screen.getByText(follows)).toBeInTheDocument();
      expect(screen.queryByText(/We have refunded|Ti abbiamo rimborsato/)).not.toBeInTheDocument();
    },
  );

  it('checks the fields before asking the shop', async () => {
    const user = renderForm(<WithdrawalForm language="en" />);
    await screen.findByRole('link', { name: 'sign in' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter the e-mail address of your purchase.',
    );
    await user.type(screen.getByLabelText('E-mail address of your purchase'), 'a@example.com');
    await user.type(screen.getByLabelText('Order reference'), 'ord_123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('ABA- and eight letters or digits');
    expect(preview).not.toHaveBeenCalled();
  });

  it('says in Italian why an eBook order cannot be withdrawn from, with the consent’s time', async () => {
    preview.mockRejectedValue(
      new CommerceError('refused', 409, 'This order is for eBooks…', {
        message: 'This order is for eBooks…',
        reason: 'ebook',
        at: '2026-11-20T09:30:00.000Z',
      }),
    );
    const user = renderForm(<WithdrawalForm language="it" />);
    await screen.findByRole('link', { name: 'accedi' });
    await user.type(screen.getByLabelText("Indirizzo e-mail dell'acquisto"), 'a@example.com');
    await user.type(screen.getByLabelText("Riferimento dell'ordine"), REFERENCE);
    await user.click(screen.getByRole('button', { name: 'Continua' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Questo ordine riguarda eBook consegnati subito: il 20 novembre 2026 alle ore 09:30 UTC hai chiesto la consegna immediata',
    );
  });

  it('lets a signed-in member pick a membership, the ended ones disabled', async () => {
    mine.mockResolvedValue({
      contracts: [
        { ...CONTRACT, withdrawable: true, withdrawnAt: null },
        {
          ...CONTRACT,
          orderReference: 'cs_local_old',
          withdrawable: false,
          withdrawnAt: null,
          withdrawableUntil: '2026-10-01T10:00:00.000Z',
        },
      ],
    });
    preview.mockResolvedValue(CONTRACT);
    const user = renderForm(<WithdrawalForm language="en" />);
    const radios = await screen.findAllByRole('radio');
    expect(radios[1]).toBeDisabled();
    expect(
      screen.getByText('The 14 days ended on 1 October 2026 at 10:00 UTC'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose the membership');
    await user.click(radios[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(preview).toHaveBeenCalledWith({ orderReference: REFERENCE, language: 'en' });
  });
});
