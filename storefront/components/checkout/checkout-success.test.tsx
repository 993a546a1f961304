import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { thankYouPages } from '@/lib/catalogue/catalogue';
import { SEEDED_CATALOGUE } from '@/test-support/catalogue';
import { purchaseCharges, purchasedProduct } from '@/test-support/purchase-detail';
import { CheckoutSuccess } from './checkout-success';

const replace = jest.fn();
const push = jest.fn();
let search = new URLSearchParams('sessionId=cs_1');
jest.mock('next/navigation', () => ({
  useRouter: () => ({ replace, push }),
  useSearchParams: () => search,
}));
const clearCart = jest.fn();
jest.mock('@/components/cart/cart-provider', () => ({ useCart: () => ({ clear: clearCart }) }));

const product = purchasedProduct;

const fetchMock = jest.fn();

function answerDetail(products: unknown[], charges: Record<string, unknown> = purchaseCharges) {
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: () =>
        Promise.resolve(
          url.startsWith('/api/products/purchase-detail')
            ? {
                products,
                customerEmail: 'parent@example.com',
                checkoutSessionId: 'cs_1',
                orderId: 'ord_1',
                orderNumber: 'ABA-K3QX-9PD2',
                ...charges,
              }
            : {},
        ),
    }),
  );
}

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CheckoutSuccess thankYouPages={thankYouPages(SEEDED_CATALOGUE)} />
    </SWRConfig>,
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  replace.mockReset();
  push.mockReset();
  clearCart.mockReset();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  search = new URLSearchParams('sessionId=cs_1');
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('replaces itself with the first product’s thank-you page after 3000 ms, not before', async () => {
  answerDetail([
    product({}),
    product({ productId: 'ebook-aba-case-studies', productName: 'eBook ABA Case Studies' }),
  ]);
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Purchase Successful!' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Your Order (2 items)' })).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2999));
  expect(replace).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(replace).toHaveBeenCalledWith('/thank-you/ebook-aba-for-parents?sessionId=cs_1');
});

it('empties the cart once the purchase is confirmed', async () => {
  answerDetail([product({})]);
  renderPage();
  await screen.findByText('Purchase Successful!');
  expect(clearCart).toHaveBeenCalledTimes(1);
});

it('goes to /thank-you when the navigation throws', async () => {
  answerDetail([product({})]);
  replace.mockImplementationOnce(() => {
    throw new Error('navigation failed');
  });
  renderPage();
  await screen.findByRole('heading', { name: 'Purchase Successful!' });
  act(() => jest.advanceTimersByTime(3000));
  expect(replace).toHaveBeenLastCalledWith('/thank-you');
});

it('confirms a subscription once and tells the buyer to log in with the purchase e-mail', async () => {
  answerDetail([
    product({
      productId: 'aba-parent-support-monthly',
      productName: 'ABA Parent Support Membership',
      type: 'subscription',
      downloadUrl: null,
      files: [],
    }),
  ]);
  renderPage();
  await screen.findByRole('heading', { name: 'Purchase Successful!' });
  expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/login');
  const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/subscription-records');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.[1]).toMatchObject({ method: 'POST', body: '{"sessionId":"cs_1"}' });
});

it('does not confirm a subscription for eBooks', async () => {
  answerDetail([product({})]);
  renderPage();
  await screen.findByRole('heading', { name: 'Purchase Successful!' });
  expect(fetchMock.mock.calls.some(([url]) => url === '/api/subscription-records')).toBe(false);
});

it('alerts when a product has no download link and no page of its own', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  answerDetail([
    product({ productId: 'mystery', productName: 'Mystery', downloadUrl: null, files: [] }),
  ]);
  renderPage();
  await screen.findByRole('heading', { name: 'Purchase Successful!' });
  act(() => screen.getByRole('button', { name: /Download eBook/ }).click());
  expect(alert).toHaveBeenCalledWith(
    'Download link is currently unavailable. Please contact support.',
  );
});

it('goes straight to /thank-you for a purchase without products', async () => {
  answerDetail([]);
  renderPage();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(replace).toHaveBeenCalledWith('/thank-you');
  expect(screen.queryByText('Purchase Successful!')).not.toBeInTheDocument();
});

function answerStatus(status: number, message: string) {
  fetchMock.mockResolvedValue({
    ok: false,
    status,
    json: () => Promise.resolve({ message }),
  });
}

it.each([
  [404, 'No purchase was found for this session'],
  [400, 'Invalid querystring: sessionId: must be a checkout session id'],
])(
  'shows Purchase Information Not Found when the service answers %i, and stays',
  async (status, message) => {
    answerStatus(status, message);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Purchase Information Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please check if the sessionId is correct')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText(/Purchase Failed|Retry Verification/)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5000));
    expect(replace).not.toHaveBeenCalled();
  },
);

it('keeps Purchase Failed with the server’s reason and Retry Verification for other failures', async () => {
  answerStatus(409, 'The payment for this session is not complete');
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Purchase Failed' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Failed to get purchase information: The payment for this session is not complete',
  );
  expect(screen.getByRole('button', { name: 'Retry Verification' })).toBeInTheDocument();
});

it('past the order page’s window, says where the links are instead of Purchase Failed', async () => {
  answerStatus(
    410,
    'This order page has expired: the download links were e-mailed to the address of the purchase, which can also sign in for fresh ones',
  );
  renderPage();
  expect(await screen.findByRole('heading', { name: 'Order Page Expired' })).toBeInTheDocument();
  expect(screen.getByText('Order ID: cs_1')).toBeInTheDocument();
  expect(
    screen.getByText(/an order's page shows its downloads only in the first hour after payment/),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'your account page' })).toHaveAttribute(
    'href',
    '/account',
  );
  expect(screen.getByRole('textbox', { name: /e-mail/i })).toBeInTheDocument();
  expect(screen.queryByText(/Purchase Failed|Retry Verification/)).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(5000));
  expect(replace).not.toHaveBeenCalled();
});

it('shows the URL’s sessionId as the Order ID, and the order number the receipt quotes', async () => {
  answerDetail([product({})]);
  renderPage();
  await screen.findByRole('heading', { name: 'Purchase Successful!' });
  expect(screen.getByText('Order ID:').closest('div')).toHaveTextContent('Order ID: cs_1');
  expect(screen.getByText('Order number:').closest('div')).toHaveTextContent(
    'Order number: ABA-K3QX-9PD2',
  );
  expect(screen.queryByText('ord_1')).not.toBeInTheDocument();
});

it('shows what was charged: the total, and the subtotal, discount and tax when they changed it', async () => {
  answerDetail([product({})], {
    ...purchaseCharges,
    amountSubtotal: 4798,
    amountDiscount: 480,
    amountTax: 0,
    amountTotal: 4318,
  });
  renderPage();
  await screen.findByRole('heading', { name: 'Purchase Successful!' });
  expect(screen.getByText('Subtotal:').closest('div')).toHaveTextContent('Subtotal: $47.98');
  expect(screen.getByText('Discount:').closest('div')).toHaveTextContent('Discount: −$4.80');
  expect(screen.getByText('Total:').closest('div')).toHaveTextContent('Total: $43.18');
  expect(screen.queryByText('Tax:')).not.toBeInTheDocument();
});

it('says the sessionId is missing without calling the service', () => {
  search = new URLSearchParams('');
  renderPage();
  expect(screen.getByRole('alert')).toHaveTextContent('Missing sessionId parameter');
  expect(fetchMock).not.toHaveBeenCalled();
});
