import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import type { Purchases } from '@aba-shop/contract';
import { fetchMyPurchases } from '@/lib/commerce/api/account';
import { requestErasure } from '@/lib/commerce/api/data-requests';
import { CommerceError } from '@/lib/commerce/client';
import { deferred } from '@/test-support/admin-pages';
import { DataRights, ERASURE_FAILED } from './data-rights';

jest.mock('@/lib/commerce/api/account', () => ({ fetchMyPurchases: jest.fn() }));
jest.mock('@/lib/commerce/api/data-requests', () => ({
  ...jest.requireActual('@/lib/commerce/api/data-requests'),
  requestErasure: jest.fn(),
}));

const purchases = jest.mocked(fetchMyPurchases);
const erasure = jest.mocked(requestErasure);

const NOTHING_BOUGHT: Purchases = { orders: [], subscriptions: [] } as unknown as Purchases;
const ANSWER = {
  message: 'Your request has been received. We have e-mailed you@example.com.',
  request: {
    id: 'dr_abc',
    kind: 'erasure' as const,
    status: 'pending' as const,
    requestedAt: '2026-11-27T10:00:00.000Z',
    processedAt: null,
  },
};

function renderDataRights() {
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <DataRights />
    </SWRConfig>,
  );
  return user;
}

async function renderSignedIn() {
  purchases.mockResolvedValue(NOTHING_BOUGHT);
  const user = renderDataRights();
  await screen.findByRole('heading', { name: 'Your data' });
  return user;
}

beforeEach(() => jest.clearAllMocks());

describe('the account page’s data rights', () => {
  it('shows nothing to a visitor who is not signed in', async () => {
    purchases.mockResolvedValue(null);
    renderDataRights();
    // Let the purchases' answer (nobody signed in) arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(purchases).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Your data' })).not.toBeInTheDocument();
  });

  it('offers the export as a download of the service’s JSON file', async () => {
    await renderSignedIn();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/me/data-export');
    expect(link).toHaveAttribute('download');
  });

  it('asks first, and Cancel sends nothing', async () => {
    const user = await renderSignedIn();
    await user.click(screen.getByRole('button', { name: 'Delete my account and data' }));
    const heading = screen.getByRole('heading', { name: 'Delete your account and data?' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/kept without your name or e-mail address for 10 years/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(erasure).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete my account and data' })).toBeVisible();
  });

  it('sends the request after the confirmation and says what happens next', async () => {
    const user = await renderSignedIn();
    const sending = deferred<typeof ANSWER>();
    erasure.mockReturnValue(sending.promise);
    await user.click(screen.getByRole('button', { name: 'Delete my account and data' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account and data' }));
    expect(screen.getByRole('button', { name: 'Sending your request...' })).toBeDisabled();
    sending.resolve(ANSWER);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Erasure requested');
    expect(status).toHaveTextContent(ANSWER.message);
    expect(status).toHaveTextContent('Request dr_abc');
    expect(
      screen.queryByRole('button', { name: 'Delete my account and data' }),
    ).not.toBeInTheDocument();
  });

  it.each([
    [new CommerceError('refused', 400, 'confirm must be true'), 'confirm must be true'],
    [new CommerceError('failed', 500, null), ERASURE_FAILED],
    [new CommerceError('no-answer', null, null), ERASURE_FAILED],
    [new CommerceError('refused', 401, 'Please sign in'), /sign in again/],
  ])('shows a readable failure (%s) and lets the buyer try again', async (failure, text) => {
    const user = await renderSignedIn();
    erasure.mockRejectedValue(failure);
    await user.click(screen.getByRole('button', { name: 'Delete my account and data' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account and data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Delete my account and data' })).toBeVisible();
  });
});
